import { type ReactNode, startTransition, useEffect, useState } from "react";

/**
 * Renders its children in a transition after the render that mounts it has been committed, so
 * that a large tree that is not needed at once is built in slices rather than in the same long
 * task as the rest of the page, which a phone feels as a freeze. (A deferred value would not do:
 * inside a background render React resolves it at once.)
 */
export function InBackground({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : null;
}
