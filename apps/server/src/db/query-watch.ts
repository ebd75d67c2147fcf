import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm";

const watching = new AsyncLocalStorage<Set<string>>();

/** Given to both database drivers, so that every query (built, prepared or raw) is seen. */
export const queryWatch: Logger = { logQuery: (query) => void watching.getStore()?.add(query) };

/** Runs `work`, collecting the SQL text of every query it runs into `queries`. */
export const watchQueries = <T>(queries: Set<string>, work: () => T): T => watching.run(queries, work);
