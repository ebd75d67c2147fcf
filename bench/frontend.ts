/**
 * `npm run bench` (front end): what a first visit downloads and how Lighthouse scores it.
 *
 * Starts Sprout on a temporary embedded database with the demo data and the built web app, then
 * in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium):
 * 1. the JavaScript each page makes the browser download (bytes on the wire, compressed), for
 *    /login, a parent's home and the admin dashboard, and whether the parent downloaded any chunk
 *    of the staff console;
 * 2. Lighthouse's performance score of the same three pages (mobile settings, simulated throttling).
 * Fails when /login needs more than 250 KiB of compressed JavaScript or a score is under 95.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { startServer } from "./server.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PASSWORD = "Sprout@2026";
const LOGIN_BUDGET_KIB = 250;
const MIN_SCORE = 95;
/** Chunks that only the staff console uses; a parent's phone must not fetch them. */
const STAFF_ONLY_CHUNKS = /\/(ChildrenPage|EnquiriesPage|FeesPage|UsersPage|StaffPage|SettingsPage|DocumentsPage)-/;

interface Visit {
  page: string;
  email?: string;
  path: string;
  /** The device the page is used on: parents and sign-in on phones, the staff console on desktops. */
  device: "mobile" | "desktop";
}

const VISITS: Visit[] = [
  { page: "/login", path: "/login", device: "mobile" },
  { page: "parent home", email: "parent@sprout.test", path: "/dashboard", device: "mobile" },
  { page: "admin dashboard", email: "admin@sprout.test", path: "/dashboard", device: "desktop" },
];

/** Signs in through the login form; the session stays in the page's browser context. */
async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(email);
  await page.locator("input[name=password]").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard/);
  await page.waitForLoadState("networkidle");
}

/** Compressed bytes of JavaScript a fresh visit of the page downloads, and the files. */
async function javascriptOf(browser: Browser, base: string, visit: Visit) {
  // Signed in in one context, measured in a new one holding the session but an empty cache.
  let storageState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;
  if (visit.email) {
    const signedIn = await browser.newContext();
    await signIn(await signedIn.newPage(), base, visit.email);
    storageState = await signedIn.storageState();
    await signedIn.close();
  }
  const context = await browser.newContext({ storageState });
  const fresh = await context.newPage();
  const measured: Promise<{ url: string; bytes: number }>[] = [];
  fresh.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    measured.push(
      request
        .sizes()
        .then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize })),
    );
  });
  await fresh.goto(`${base}${visit.path}`);
  await fresh.waitForLoadState("networkidle");
  const files = await Promise.all(measured);
  await context.close();
  return { kib: files.reduce((sum, file) => sum + file.bytes, 0) / 1024, files: files.map((file) => file.url) };
}

async function lighthouseScore(base: string, visit: Visit) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
  try {
    if (visit.email) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0]!;
      await signIn(context.pages()[0] ?? (await context.newPage()), base, visit.email);
      await browser.close();
    }
    const result = await lighthouse(
      `${base}${visit.path}`,
      { port: chrome.port, onlyCategories: ["performance"], disableStorageReset: true, logLevel: "error" },
      visit.device === "desktop" ? desktopConfig : undefined,
    );
    // A trace Chromium failed to record (NO_NAVSTART) is no score: the caller measures again.
    if (!result || result.lhr.runtimeError) return null;
    const audits = result.lhr.audits;
    const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "speed-index"]
      .map((id) => `${id.replace(/-/g, " ")} ${audits[id]?.displayValue ?? "?"}`)
      .join(", ");
    return {
      score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
      metrics,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse's score, measured again (at most three times) when a run records no trace. */
async function measuredScore(base: string, visit: Visit) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const measured = await lighthouseScore(base, visit);
    if (measured) return measured;
  }
  return { score: 0, metrics: "three Lighthouse runs recorded no trace", benchmarkIndex: 0 };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-web-"));
  const { child, base } = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "1" });
  const failures: string[] = [];
  try {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    const rows: string[][] = [];
    const benchmarkIndexes: number[] = [];
    for (const visit of VISITS) {
      const javascript = await javascriptOf(browser, base, visit);
      const { score, metrics, benchmarkIndex } = await measuredScore(base, visit);
      if (benchmarkIndex) benchmarkIndexes.push(Math.round(benchmarkIndex));
      rows.push([
        visit.page,
        javascript.kib.toFixed(0),
        String(javascript.files.length),
        String(score),
        visit.device,
        metrics,
      ]);
      if (score < MIN_SCORE) failures.push(`${visit.page}: Lighthouse performance ${score} < ${MIN_SCORE}`);
      if (visit.page === "/login" && javascript.kib > LOGIN_BUDGET_KIB) {
        failures.push(`/login downloads ${javascript.kib.toFixed(0)} KiB of JavaScript > ${LOGIN_BUDGET_KIB}`);
      }
      const staffChunks = javascript.files.filter((url) => STAFF_ONLY_CHUNKS.test(url));
      if (visit.page === "parent home" && staffChunks.length > 0) {
        failures.push(`a parent's home downloads staff console code: ${staffChunks.join(", ")}`);
      }
    }
    await browser.close();
    console.log("\nFirst visit (Debian Chromium, cache disabled; JavaScript as sent, compressed)\n");
    // The mobile score slows this machine's CPU 4x to stand for a low-end phone (Lighthouse's Moto
    // G Power, index about 260): on a machine far above 1,000 the score is kinder than a phone is.
    console.log(`Lighthouse's CPU benchmark index of this machine: ${benchmarkIndexes.join(", ")}\n`);
    console.log(
      "page".padEnd(18),
      "JS KiB".padStart(8),
      "files".padStart(6),
      "Lighthouse perf".padStart(16),
      "  device",
    );
    for (const [page, kib, files, score, device, metrics] of rows) {
      console.log(
        page!.padEnd(18),
        kib!.padStart(8),
        files!.padStart(6),
        score!.padStart(16),
        `  ${device}: ${metrics}`,
      );
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`\nFront-end budget missed:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  }
}

await main();
