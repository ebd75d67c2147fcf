import { type MyChildren, myChildrenResponse } from "@sprout/shared/schemas/parents";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { readSnapshot } from "../../auth/session";

/**
 * The spec's browser cache of the parent's children (the list, under its key): the fallback when
 * the call fails. Beside it, the id of the parent who wrote it, so that on a shared phone whose
 * last session ended without a sign-out the next parent never sees the previous family's children.
 */
const CACHE_KEY = "children";
const OWNER_KEY = "childrenOwner";

export function readCachedChildren(): MyChildren | null {
  try {
    const raw = globalThis.localStorage?.getItem(CACHE_KEY);
    const userId = readSnapshot().user?.id;
    if (!raw || !userId || globalThis.localStorage?.getItem(OWNER_KEY) !== userId) return null;
    const parsed = myChildrenResponse.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function cacheChildren(children: MyChildren) {
  const userId = readSnapshot().user?.id;
  if (!userId) return;
  try {
    globalThis.localStorage?.setItem(CACHE_KEY, JSON.stringify(children));
    globalThis.localStorage?.setItem(OWNER_KEY, userId);
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
