import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { SCOPE_TABLES } from "../auth/caller.ts";
import type { Database, Listen } from "../db/client.ts";
import { watchQueries } from "../db/query-watch.ts";
import { rowsOf } from "../db/rows.ts";
import { languageOf } from "../i18n/intl.ts";
import type { Clock } from "./clock.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * This GET's answer may be kept in memory and served again to the same caller until a table
     * it read changes (lists and dashboards; see `createKeptAnswers`).
     */
    keptAnswer?: boolean;
  }
  interface FastifyInstance {
    keptAnswers: KeptAnswers;
  }
}

/** The channel the statement triggers of migration 0039 name every changed table on. */
export const DATA_CHANGES_CHANNEL = "sprout_data_changes";
/** Answers that depend on the time of day (today's attendance, what is overdue) age out. */
const TTL_MS = 30_000;
/** Bounds on what one instance keeps: the oldest answers go first. */
const MAX_ANSWERS = 2_000;
const MAX_KEPT_CHARS = 64 * 1024 * 1024;
const MAX_ANSWER_CHARS = 512 * 1024;
const JSON_TYPE = "application/json; charset=utf-8";
/** How long a write waits for its own announcements before this instance drops everything instead. */
const CATCH_UP_MS = 2_000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const WRITES = /^\s*(insert|update|delete|truncate)\b|\b(insert\s+into|delete\s+from)\b|\bupdate\s+"?\w+"?\s+set\b/;

interface Kept {
  payload: string;
  tables: string[];
  /** The change count when the answer began to be worked out. */
  since: number;
  storedAt: number;
}

interface Pending {
  key: string;
  /** The SQL of every query run while the answer was worked out: it tells which tables it read. */
  queries: Set<string>;
  since: number;
}

/**
 * Answers to the hot reads, kept per caller and address. Correctness comes from the database, as
 * for the credential cache: a statement trigger on every table announces each change, on every
 * instance, and an answer is served again only while none of the tables its queries named has
 * changed since it began to be worked out. While the announcements are not arriving nothing is
 * kept, and an answer whose work wrote anything is never kept.
 */
export function createKeptAnswers({ clock, db }: { clock: Clock; db: Database }) {
  const answers = new Map<string, Kept>();
  const pending = new WeakMap<FastifyRequest, Pending>();
  const changedAt = new Map<string, number>();
  let keptChars = 0;
  let changes = 0;
  let everythingChangedAt = 0;
  let listening = false;
  /** Each table and view by name, with the tables it stands for (a view: the tables it reads). */
  let tablesNamed = new Map<string, string[]>();

  // Marks are notices of this instance's own (`~<instance>:<n>`), never a table's name.
  const instance = randomUUID();
  const marksAwaited = new Map<string, () => void>();
  let marks = 0;

  function changed(notice: string) {
    if (notice.startsWith("~")) marksAwaited.get(notice)?.();
    else changedAt.set(notice, ++changes);
  }

  /**
   * Waits until this instance has heard every change committed so far: notices arrive in commit
   * order, so once a mark sent now comes back, the writes before it have been announced here.
   */
  async function catchUp() {
    // Not hearing the channel, nothing is kept; everything is dropped when it is heard again.
    if (!listening) return;
    const mark = `~${instance}:${++marks}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      marksAwaited.set(mark, () => resolve(true));
      timer = setTimeout(() => resolve(false), CATCH_UP_MS);
    });
    try {
      await db.execute(sql`select pg_notify(${DATA_CHANGES_CHANNEL}, ${mark})`);
      if (!(await heard)) forgetAll();
    } catch {
      forgetAll();
    } finally {
      clearTimeout(timer);
      marksAwaited.delete(mark);
    }
  }

  function forgetAll() {
    answers.clear();
    keptChars = 0;
    everythingChangedAt = ++changes;
  }

  const unchangedSince = (since: number, tables: string[]) =>
    everythingChangedAt <= since && tables.every((table) => (changedAt.get(table) ?? 0) <= since);

  function fresh(kept: Kept) {
    // A clock set back (tests move theirs) ages an answer out as surely as one moved on.
    const age = clock.now().getTime() - kept.storedAt;
    return age >= 0 && age < TTL_MS && unchangedSince(kept.since, kept.tables);
  }

  function tablesReadBy(queries: Set<string>): string[] | null {
    const tables = new Set<string>(SCOPE_TABLES);
    for (const query of queries) {
      const text = query.toLowerCase();
      if (WRITES.test(text)) return null;
      for (const word of text.match(/[a-z_][a-z0-9_]*/g) ?? []) {
        for (const table of tablesNamed.get(word) ?? []) tables.add(table);
      }
    }
    return [...tables];
  }

  function keyOf(request: FastifyRequest): string | null {
    const caller = request.caller;
    if (!caller) return null;
    // An answer may be written in the caller's language (titles, labels): one kept per language.
    return `${caller.userId} ${caller.role} ${caller.centerId} ${languageOf(request)} ${request.method} ${request.url}`;
  }

  function drop(key: string) {
    keptChars -= answers.get(key)?.payload.length ?? 0;
    answers.delete(key);
  }

  function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const work = pending.get(request);
    if (!work || !listening || reply.statusCode !== 200 || typeof payload !== "string") return;
    if (payload.length > MAX_ANSWER_CHARS) return;
    const tables = tablesReadBy(work.queries);
    if (!tables || !unchangedSince(work.since, tables)) return;
    drop(work.key);
    while (answers.size >= MAX_ANSWERS || keptChars + payload.length > MAX_KEPT_CHARS) {
      drop(answers.keys().next().value!);
    }
    answers.set(work.key, { payload, tables, since: work.since, storedAt: clock.now().getTime() });
    keptChars += payload.length;
  }

  function serveKept(route: RouteOptions) {
    const handler = route.handler;
    route.handler = async function keptOrWorkedOut(this: FastifyInstance, request, reply) {
      const key = listening ? keyOf(request) : null;
      if (key === null) return handler.call(this, request, reply);
      const kept = answers.get(key);
      if (kept && fresh(kept)) {
        return reply.type(JSON_TYPE).send(kept.payload);
      }
      const work: Pending = { key, queries: new Set(), since: changes };
      pending.set(request, work);
      return watchQueries(work.queries, () => handler.call(this, request, reply));
    };
  }

  async function learnTables() {
    const result = await db.execute(sql`
      select tablename as name, tablename as reads from pg_tables where schemaname = 'public'
      union all
      select view_name, table_name from information_schema.view_table_usage where view_schema = 'public'`);
    const named = new Map<string, string[]>();
    for (const row of rowsOf<{ name: string; reads: string }>(result)) {
      named.set(row.name, [...(named.get(row.name) ?? []), row.reads]);
    }
    tablesNamed = named;
  }

  return {
    /**
     * Wraps every route whose config says `keptAnswer`; answers a write only once this instance
     * has heard its changes, so that the caller's next read is never an answer the write changed.
     */
    register(app: FastifyInstance) {
      app.addHook("onRoute", (route) => {
        if (route.config?.keptAnswer) serveKept(route);
      });
      app.addHook("onSend", async (request, reply, payload) => {
        if (SAFE_METHODS.has(request.method)) keep(request, reply, payload);
        // A refused write changes nothing a kept answer reads (an attempt counter at most).
        else if (reply.statusCode < 400) await catchUp();
        return payload;
      });
    },
    /** Follows the announcements; returns the function that stops following them. */
    async follow(listen: Listen) {
      await learnTables();
      return listen(DATA_CHANGES_CHANNEL, changed, (isListening) => {
        listening = isListening;
        forgetAll();
      });
    },
    catchUp,
    forgetAll,
  };
}
export type KeptAnswers = ReturnType<typeof createKeptAnswers>;
