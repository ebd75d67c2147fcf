import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Role } from "@sprout/shared/roles";
import { loginResponse } from "@sprout/shared/schemas/auth";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";

/**
 * This file's own server, set by e2e/file-server.ts before the file runs. A worker runs several
 * files one after another, each with its own server, so it is read when used, never copied.
 */
export let baseURL = "";

export function useServer(url: string) {
  baseURL = url;
}

export const DEMO_PASSWORD = "Sprout@2026";
export const DESKTOP = { width: 1366, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** The demo sign-ins the README lists, with the names and centres the demo data gives them. */
export const DEMO_USERS: readonly { role: Role; email: string; fullName: string; centre: string | null }[] = [
  { role: "super_admin", email: "superadmin@sprout.test", fullName: "Arjun Mehta", centre: null },
  { role: "owner", email: "owner@sprout.test", fullName: "Kavita Reddy", centre: null },
  { role: "financial_manager", email: "finance@sprout.test", fullName: "Rohit Agarwal", centre: null },
  { role: "center_director", email: "director@sprout.test", fullName: "Sunita Iyer", centre: "Sprout Koramangala" },
  { role: "admin", email: "admin@sprout.test", fullName: "Farhan Qureshi", centre: "Sprout Koramangala" },
  {
    role: "academic_coordinator",
    email: "coordinator@sprout.test",
    fullName: "Lakshmi Narayanan",
    centre: "Sprout Koramangala",
  },
  { role: "teacher", email: "teacher@sprout.test", fullName: "Priya Sharma", centre: "Sprout Koramangala" },
  { role: "parent", email: "parent@sprout.test", fullName: "Vikram Malhotra", centre: "Sprout Koramangala" },
];

export function demoUser(role: Role) {
  const user = DEMO_USERS.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`No demo user for ${role}`);
  return user;
}

const FULL_BROWSER = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * Chromium's headless shell (Debian's chromium-headless-shell) runs the journeys in about two
 * thirds of the full browser's time: it draws no browser window behind the page. It has no
 * notifications, so the journeys that test them ask for the full browser. Without the shell
 * installed every file uses the full browser.
 */
export function launchBrowser({ notifications = false }: { notifications?: boolean } = {}): Promise<Browser> {
  const executablePath = notifications || !existsSync(HEADLESS_SHELL) ? FULL_BROWSER : HEADLESS_SHELL;
  return chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * A context with empty storage and a page; tests close the context when done. It prefers reduced
 * motion, which MUI X Charts honours by drawing each chart at once: a screenshot would otherwise
 * catch a bar or line part way through growing to its value.
 *
 * A closed context is emptied and kept for the file's next journey (ADR 0065): a page's first
 * load in a new context costs its renderer about three times a later one, compiling the app's
 * code afresh in a new process.
 */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  // The service worker (issue 32) downloads the app's shell on a context's first signed-in page:
  // only the files that test it let it in, so that every other page loads as its journey needs.
  { serviceWorkers = "block" }: { serviceWorkers?: "allow" | "block" } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const kept = serviceWorkers === "block" ? emptied.get(browser)?.pop() : undefined;
  if (kept) {
    await kept.page.setViewportSize(viewport);
    return kept;
  }
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: "en-IN",
    reducedMotion: "reduce",
    serviceWorkers,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  if (serviceWorkers === "block") keepWhenClosed(browser, context, page);
  return { context, page };
}

const emptied = new WeakMap<Browser, { context: BrowserContext; page: Page }[]>();

/** The page events journeys listen to: a listener left from one journey must not act in the next. */
const JOURNEY_EVENTS = ["dialog", "request", "response", "popup", "download", "console", "pageerror"] as const;

/**
 * What each page the running journey closed showed at that moment: a journey closes its contexts
 * before its failure is reported, so e2e/file-server.ts prints these when it fails.
 */
export const closedPages: string[] = [];

/** The page's text, dialogs included (they are drawn outside #root), on one line. */
async function pageText(page: Page): Promise<string> {
  const text = await page
    .locator("body")
    .textContent({ timeout: 2_000 })
    .catch(() => "(unreadable)");
  return (text ?? "").replace(/\s+/g, " ").slice(0, 1_500);
}

async function whatItShowed(page: Page): Promise<string> {
  return `${page.url()} (${page.viewportSize()?.width ?? "?"} wide): ${await pageText(page)}`;
}

function keepWhenClosed(browser: Browser, context: BrowserContext, page: Page) {
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (!page.isClosed()) closedPages.push(await whatItShowed(page));
    if (!(await empty(context, page))) return close(options);
    const kept = emptied.get(browser) ?? [];
    kept.push({ context, page });
    emptied.set(browser, kept);
  };
}

/**
 * Leaves the context as a new one would be for the app: no storage, cookies, permissions, routes,
 * listeners or other pages, online. Only the browser's cache of the app's files and the page's
 * renderer remain. False when it cannot, and the context is then closed for good.
 */
async function empty(context: BrowserContext, page: Page): Promise<boolean> {
  try {
    if (page.isClosed()) return false;
    for (const other of context.pages()) if (other !== page) await other.close();
    for (const event of JOURNEY_EVENTS) page.removeAllListeners(event);
    await Promise.all([
      context.unrouteAll({ behavior: "ignoreErrors" }),
      page.unrouteAll({ behavior: "ignoreErrors" }),
      context.setOffline(false),
      context.clearPermissions(),
    ]);
    context.setDefaultTimeout(15_000);
    // A file of the same site stops the app (its socket closes; nothing of it writes storage again)
    // and keeps the renderer, which a page of another site (about:blank) would not.
    await page.goto("/favicon.svg");
    const cdp = await context.newCDPSession(page);
    // "all" takes the page's session storage with the rest (foundation.e2e.ts checks it).
    await cdp.send("Storage.clearDataForOrigin", { origin: new URL(baseURL).origin, storageTypes: "all" });
    await cdp.detach();
    await context.clearCookies();
    return true;
  } catch {
    return false;
  }
}

/** Fills and sends the sign-in form, as a person would, and waits for the move to /dashboard. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
}

/**
 * Signs in with the API call the sign-in form makes and opens `screen` with that session already
 * in the browser's storage, under the keys the web app keeps it in (apps/web/src/auth/session.ts),
 * before the app's code runs. For journeys about a screen rather than about signing in: it skips
 * drawing the form and the dashboard. The session is stored for this first load only, so a
 * journey that signs out stays signed out.
 */
export async function openSignedIn(page: Page, email: string, screen: string, password = DEMO_PASSWORD) {
  const response = await page.request.post("/api/auth/login", { data: { email, password } });
  if (!response.ok()) throw new Error(`Signing in as ${email} answered ${response.status()}: ${await response.text()}`);
  const answer = loginResponse.parse(await response.json());
  // No demo role has two-factor switched on; an account that has it signs in through the form.
  if (answer.require2FA) throw new Error(`${email} has two-factor on: sign in with submitSignIn`);
  const stored = Object.entries({
    token: answer.token,
    sessionToken: answer.sessionToken,
    csrfToken: answer.csrfToken,
    refreshToken: answer.refreshToken,
    user: JSON.stringify(answer.user),
  });
  const seed = await page.addInitScript((entries) => {
    for (const [key, value] of entries) if (value) localStorage.setItem(key, value);
  }, stored);
  try {
    await page.goto(screen);
  } finally {
    await seed.dispose();
  }
}

/** Signs in and waits for the desktop layout's navigation. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await submitSignIn(page, email, password);
  await page.getByRole("navigation", { name: "Main navigation" }).waitFor();
}

/** Waits until the locator is visible (playwright-core has no auto-waiting expect). */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: "visible" });
  return locator;
}

/**
 * Waits until nothing on the page is loading any more. Sections that load their lists grow when
 * the rows arrive and push what is below them down; a click aimed before that can land on
 * whatever moved under the pointer (on a busy machine the rows arrive between Playwright's check
 * and its click).
 */
export async function settled(page: Page) {
  await page.getByRole("progressbar").first().waitFor({ state: "detached" });
}

export function readStorage(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() =>
    Object.fromEntries(
      ["token", "sessionToken", "csrfToken", "refreshToken", "user", "children"].map((key) => [
        key,
        localStorage.getItem(key),
      ]),
    ),
  );
}

const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "screenshots");

/**
 * Screenshots are for people to look at a screen (`npm run screenshots`), not checks: `npm test`
 * skips them, about a tenth of the journeys' time in Chromium's headless shell (ADR 0064).
 * A failed step always leaves one (withWhatThePageShowed).
 */
const TAKE_SCREENSHOTS = process.env.SPROUT_E2E_SCREENSHOTS === "1";

export async function screenshot(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  await mkdir(screenshotDir, { recursive: true });
  const { width } = page.viewportSize() ?? DESKTOP;
  // Finished transitions only: a half-drawn focus outline is not what people see.
  await page.screenshot({
    path: path.join(screenshotDir, `${name}-${width}.png`),
    fullPage: true,
    animations: "disabled",
  });
}

/** Runs a journey in a fresh browser context (its own storage), closed whatever happens. */
export async function withPage(browser: Browser, viewport: typeof DESKTOP, journey: (page: Page) => Promise<void>) {
  const { context, page } = await openPage(browser, viewport);
  try {
    await journey(page);
  } catch (error) {
    throw await withWhatThePageShowed(page, error);
  } finally {
    await context.close();
  }
}

/**
 * A failed step says where the page was and what it said, and leaves a screenshot: a failure on
 * a CI machine can then be read without running it again.
 */
async function withWhatThePageShowed(page: Page, error: unknown): Promise<unknown> {
  if (!(error instanceof Error) || page.isClosed()) return error;
  try {
    await mkdir(screenshotDir, { recursive: true });
    const name = `failure-${Date.now()}.png`;
    await page.screenshot({ path: path.join(screenshotDir, name), fullPage: true, timeout: 5_000 });
    error.message += `\n  at ${page.url()} (screenshot e2e/screenshots/${name})\n  the page showed: ${await pageText(page)}`;
  } catch {
    // The page itself may be what broke; the original error is what matters.
  }
  return error;
}

/** The rows of a list on the shared paged table: its table's rows on a desktop, its cards on a phone. */
export function listRows(page: Page, name: string): Locator {
  return page.viewportSize()!.width < 900
    ? page.getByRole("list", { name }).getByTestId("list-card")
    : page.getByRole("table", { name }).locator("tbody").getByRole("row");
}
