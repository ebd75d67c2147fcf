import { IsRestoringProvider, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useSession } from "../auth/useSession";
import { keptQueryKeys } from "./persistedQueries";

/**
 * Keeps the signed-in person's home on the device (keptAnswers.ts) and holds their queries back
 * until what was kept is restored, so that a home opened offline starts from it rather than
 * waiting. A role with nothing to keep waits for nothing.
 */
export function KeptHome({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const { user } = useSession();
  const keeps = user !== null && keptQueryKeys(user.role).length > 0;
  const userId = keeps ? user.id : null;
  const role = user?.role;
  const [restoredFor, setRestoredFor] = useState<string | null>(null);

  useEffect(() => {
    if (!userId || !role) return;
    let current = true;
    let close = () => {};
    // Its code (IndexedDB, Query's persister) loads only for a role that keeps something.
    void import("./keptAnswers").then(async ({ keepHome }) => {
      if (!current) return;
      const kept = keepHome(client, userId, role);
      close = kept.close;
      await kept.restored;
      if (current) setRestoredFor(userId);
    });
    return () => {
      current = false;
      close();
    };
  }, [client, userId, role]);

  return <IsRestoringProvider value={userId !== null && restoredFor !== userId}>{children}</IsRestoringProvider>;
}
