import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A lazy component whose code starts downloading now rather than at its first render, so that it
 * arrives alongside the code that renders it. Until that render nobody awaits the download: a
 * failure is reported by the render, not here.
 */
export function lazyNow<Props>(load: () => Promise<ComponentType<Props>>): LazyExoticComponent<ComponentType<Props>> {
  const loading = load();
  loading.catch(() => {});
  return lazy(async () => ({ default: await loading }));
}
