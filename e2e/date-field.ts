import type { Locator, Page } from "playwright-core";

/** The en-IN date picker (components/DateField) labelled `label`: its sections form a labelled group. */
export function dateField(scope: Page | Locator, label: string): Locator {
  return scope.getByRole("group", { name: label, exact: true });
}

/** Types a date as a person would, "22/11/2026", replacing what the picker held. */
export async function fillDate(scope: Page | Locator, label: string, ddmmyyyy: string) {
  const field = dateField(scope, label);
  const page = "keyboard" in scope ? scope : scope.page();
  await field.getByRole("spinbutton").first().click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(ddmmyyyy.replaceAll("/", ""));
}

/** What the picker shows, e.g. "22/11/2026". */
export function dateValue(scope: Page | Locator, label: string): Promise<string> {
  return dateField(scope, label).locator("input").inputValue();
}

/** A date some days from the browser's today, as the picker shows it (dd/mm/yyyy). */
export function enIn(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${String(date.getDate()).padStart(2, "0")}/${String(date.getMonth() + 1).padStart(2, "0")}/${date.getFullYear()}`;
}
