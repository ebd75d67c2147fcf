/**
 * What the service worker keeps (sw/sw.ts, vite.config.ts): the app shell in its precache, and the
 * build's hashed files in a cache of their own as screens open them. Plain functions, so that the
 * build, the worker and the tests agree.
 */

/** The runtime cache of the build's hashed files (screens' code opened at least once). */
export const ASSETS_CACHE = "sprout-assets";

/** A file of the build under /assets/: its name carries its content's hash, so it never changes. */
export function isAppAsset(pathname: string): boolean {
  return /^\/assets\/[^/]+\.(?:js|css|woff2?|png|svg|webp)$/.test(pathname);
}

/** Files every start needs besides those index.html names: the installed app's manifest and icons. */
const ALWAYS = /^(?:index\.html|manifest\.webmanifest|favicon\.svg|icons\/[^/]+\.png)$/;

/**
 * The shell: index.html, what it loads (the entry script, the chunks it preloads, the styles) and
 * the manifest and icons. The screens' own chunks are left to the runtime cache, so that the
 * install does not download every screen of every role.
 */
export function isShellFile(url: string, indexHtml: string): boolean {
  const path = url.replace(/^\//, "");
  if (ALWAYS.test(path)) return true;
  return referencedBy(indexHtml).has(path);
}

function referencedBy(html: string): Set<string> {
  const found = new Set<string>();
  for (const match of html.matchAll(/\s(?:src|href)="\/?([^"?#]+)"/g)) {
    if (match[1]) found.add(match[1]);
  }
  return found;
}
