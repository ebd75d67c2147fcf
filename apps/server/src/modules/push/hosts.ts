/**
 * The push services a subscription may point at. The server sends to the endpoint a browser
 * gave it, so without this list it could be made to call any address (issue 32, point 2).
 * Entries are exact hosts or "*.domain" (any sub-domain); PUSH_ALLOWED_HOSTS adds host[:port].
 */
export const KNOWN_PUSH_HOSTS = [
  "fcm.googleapis.com", // Chrome, Edge on Android, Samsung Internet, Opera
  "android.googleapis.com",
  "updates.push.services.mozilla.com", // Firefox
  "*.push.services.mozilla.com",
  "*.notify.windows.com", // Edge on Windows
  "web.push.apple.com", // Safari on macOS and iOS (16.4+)
  "*.push.apple.com",
] as const;

function matches(pattern: string, host: string): boolean {
  if (pattern.startsWith("*.")) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/** Whether `endpoint` is an https URL on a known push service or a configured host[:port]. */
export function endpointAllowed(endpoint: string, extra: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  // The known services answer on the default port only; a configured entry may name its port.
  if (!url.port && KNOWN_PUSH_HOSTS.some((pattern) => matches(pattern, host))) return true;
  const hostPort = url.port ? `${host}:${url.port}` : host;
  return extra.some((entry) => (entry.includes(":") ? entry === hostPort : !url.port && matches(entry, host)));
}
