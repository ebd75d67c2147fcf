import { type MyChildren, myChildrenResponse } from "@sprout/shared/schemas/parents";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../api/client";
import { readSnapshot } from "../../auth/session";

/**
 * The spec's browser cache of the parent's children: the fallback when the call fails. It names
 * the parent who wrote it, so that on a shared phone whose last session ended without a sign-out
 * the next parent never sees the previous family's children.
 */
const CACHE_KEY = "children";
const cachedChildren = z.object({ user_id: z.string(), children: myChildrenResponse });

export function readCachedChildren(): MyChildren | null {
  try {
    const raw = globalThis.localStorage?.getItem(CACHE_KEY);
    const userId = readSnapshot().user?.id;
    if (!raw || !userId) return null;
    const parsed = cachedChildren.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.user_id === userId ? parsed.data.children : null;
  } catch {
    return null;
  }
}

export function cacheChildren(children: MyChildren) {
  const userId = readSnapshot().user?.id;
  if (!userId) return;
  try {
    globalThis.localStorage?.setItem(CACHE_KEY, JSON.stringify({ user_id: userId, children }));
  } catch {
    // A full or blocked storage only loses the fallback; the fresh list is still shown.
  }
}

export const MY_CHILDREN_KEY = ["parents", "my-children"] as const;

/** The signed-in parent's children, fresh from the server; each good answer refreshes the cache. */
export function useMyChildren() {
  return useQuery({
    queryKey: MY_CHILDREN_KEY,
    queryFn: async ({ signal }) => {
      const children = await api.get("/parents/my-children", myChildrenResponse, { signal });
      cacheChildren(children);
      return children;
    },
  });
}
