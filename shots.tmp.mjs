import { chromium } from "playwright-core";
const base = "http://127.0.0.1:5064";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
async function shoot(email, width, height, name, act) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const login = await page.request.post(`${base}/api/auth/login`, { data: { email, password: "Sprout@2026" } });
  const a = await login.json();
  await page.addInitScript((e) => { for (const [k, v] of e) if (v) localStorage.setItem(k, v); },
    Object.entries({ token: a.token, sessionToken: a.sessionToken, csrfToken: a.csrfToken, refreshToken: a.refreshToken, user: JSON.stringify(a.user) }));
  await page.goto(`${base}/fee-collection/settings`);
  await page.getByRole("heading", { name: "Fees collection & tax" }).first().waitFor({ timeout: 30000 });
  await page.waitForTimeout(1500);
  if (act) await act(page);
  await page.screenshot({ path: `/tmp/settings-shots/${name}.png`, fullPage: true });
  await context.close();
}
await shoot("finance@sprout.test", 1366, 900, "finance-desktop");
await shoot("finance@sprout.test", 1366, 900, "finance-gstin-error", async (page) => {
  await page.getByLabel("GSTIN (if registered)").fill("29AAICA3918J1ZF");
  await page.getByLabel("Legal name").click();
  await page.waitForTimeout(500);
});
await shoot("director@sprout.test", 1366, 900, "director-readonly");
await shoot("owner@sprout.test", 390, 844, "owner-phone");
await browser.close();
