import { type MyChildren, myChildrenResponse } from "@sprout/shared/schemas/parents";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";

/** The spec's browser cache of the parent's children: the fallback when the call fails. */
const CACHE_KEY = "children";

export function readCachedChildren(): MyChildren | null {
  try {
    const raw = globalThis.localStorage?.getItem(CACHE_KEY);
    if (!raw) return null;
    const parsed = myChildrenResponse.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function cacheChildren(children: MyChildren) {
  try {
    globalThis.localStorage?.setItem(CACHE_KEY, JSON.stringify(children));
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
