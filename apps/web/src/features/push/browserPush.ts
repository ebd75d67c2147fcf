import { pushApi } from "./api";

export const PUSH_SERVICE_UNREACHABLE =
  "This browser could not reach its notification service. Check the connection and try again.";

/** What the "Turn on notifications" button shows. */
export type PushState = "unsupported" | "blocked" | "off" | "on";

function supported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window &&
    window.isSecureContext
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  return (await navigator.serviceWorker.getRegistration("/")) ?? null;
}

/** This browser's state, read without asking the user anything. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const found = await registration();
  if (!found) return "unsupported";
  const subscription = await found.pushManager.getSubscription();
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Called only from the button's click: asks the browser's permission, subscribes with the
 * server's key and hands the subscription to the server. A subscription made with another key
 * (the server's keys changed) is replaced.
 */
export async function turnOn(): Promise<PushState> {
  if (!supported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off";
  const ready = await navigator.serviceWorker.ready;
  const { publicKey } = await pushApi.publicKey();
  const key = keyBytes(publicKey);
  let subscription = await ready.pushManager.getSubscription();
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    // The browser's own push service did not answer (offline, or a browser built without one).
    throw new Error(PUSH_SERVICE_UNREACHABLE);
  }
  await pushApi.subscribe(subscription.toJSON());
  return "on";
}

export async function turnOff(): Promise<PushState> {
  const found = await registration();
  const subscription = await found?.pushManager.getSubscription();
  if (subscription) {
    await pushApi.unsubscribe(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return pushState();
}

/** After sign-out: the server already dropped the subscription; the browser lets go of it too. */
export async function forgetBrowserSubscription() {
  const found = await registration().catch(() => null);
  const subscription = await found?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
