import { COLLECTION_SETTINGS_MESSAGES as M } from "@sprout/shared/schemas/fee-collection/settings";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";

const { app, database } = await createTestApp();
const db = database.db;

const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
const owner = as(app, await signIn(app, DEMO_EMAILS.owner));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));

const centres = await query<{ id: string; center_name: string }>(
  db,
  "select c.id, c.center_name from centers c order by (c.id = (select center_id from users where email = 'admin@sprout.test')) desc, c.center_name",
);
const home = centres[0]!.id;
const url = (id = home) => `/api/centers/${id}/collection-settings`;

// Amazon Seller Services' Karnataka GSTIN, as printed on its invoices.
const GSTIN = "29AAICA3918J1ZE";
const valid = {
  upi_vpa: "sprout.koramangala@okhdfcbank",
  upi_payee_name: "Sprout Koramangala",
  gstin: GSTIN,
  legal_name: "Sprout Early Learning Pvt Ltd",
  tax_address: "12, 80 Feet Road, Koramangala, Bengaluru 560034, Karnataka",
  series_code: "KRM",
  reminders_enabled: true,
};

describe("a centre's collection settings", () => {
  it("answers defaults before anything is set, to those who may read them", async () => {
    await query(db, `delete from center_collection_settings where center_id = '${home}'`);
    const read = await director.get(url());
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      center_id: home,
      upi_vpa: null,
      gstin: null,
      series_code: null,
      reminders_enabled: true,
      updated_at: null,
      can_edit: false,
    });
    // The code the numbers use meanwhile: the first three letters of the centre's name.
    expect(read.json().effective_series_code).toMatch(/^[A-Z0-9]{1,3}$/);
    expect((await finance.get(url())).json().can_edit).toBe(true);
    expect((await teacher.get(url())).statusCode).toBe(403);
    expect((await parent.get(url())).statusCode).toBe(403);
  });

  it("saves (upsert), audits before and after in one go, and reads back", async () => {
    const saved = await finance.put(url(), valid);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...valid, effective_series_code: "KRM", can_edit: true });
    expect(saved.json().updated_by_name).toBeTruthy();
    const changed = await owner.put(url(), { ...valid, reminders_enabled: false, gstin: "", legal_name: "" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ gstin: null, legal_name: null, reminders_enabled: false });
    const audit = await query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      db,
      `select before, after from audit_log where action = 'collection.settings' and entity_id = '${home}' order by at, id`,
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]!.before).toMatchObject({ upi_vpa: null, gstin: null, reminders_enabled: true });
    expect(audit[0]!.after).toMatchObject({ upi_vpa: valid.upi_vpa, gstin: GSTIN, series_code: "KRM" });
    expect(audit[1]!.before).toMatchObject({ gstin: GSTIN, reminders_enabled: true });
    expect(audit[1]!.after).toMatchObject({ gstin: null, reminders_enabled: false });
    expect((await director.get(url())).json()).toMatchObject({ upi_vpa: valid.upi_vpa, reminders_enabled: false });
  });

  it("keeps a GSTIN typed in lower case or with spaces in its canonical form", async () => {
    const saved = await finance.put(url(), { ...valid, gstin: " 29aaica3918j1ze " });
    expect(saved.json().gstin).toBe(GSTIN);
    const flipkart = await finance.put(url(), { ...valid, gstin: "29AACCF0683K1ZD" });
    expect(flipkart.statusCode).toBe(200);
    const reliance = await finance.put(url(), { ...valid, gstin: "27AAACR5055K1Z7" });
    expect(reliance.statusCode).toBe(200);
  });

  it("refuses a GSTIN with one character changed, naming the right check character, and changes nothing", async () => {
    await finance.put(url(), valid);
    const before = await query(db, `select * from center_collection_settings where center_id = '${home}'`);
    const wrongCheck = await finance.put(url(), { ...valid, gstin: "29AAICA3918J1ZF" });
    expect(wrongCheck.statusCode).toBe(400);
    expect(wrongCheck.json().error).toBe(M.gstinCheck("E"));
    expect(wrongCheck.json().error).toBe(
      "This GSTIN does not add up: its check character should be E. Check each character against the registration certificate.",
    );
    // A PAN digit changed: the check character no longer matches.
    expect((await finance.put(url(), { ...valid, gstin: "29AAICA3981J1ZE" })).json().error).toMatch(
      /check character should be/,
    );
    const wrongState = await finance.put(url(), { ...valid, gstin: "39AAICA3918J1ZE" });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().error).toBe(M.gstinState("39"));
    expect((await finance.put(url(), { ...valid, gstin: "29AAICA3918J1Z" })).json().error).toBe(M.gstinLength);
    expect((await finance.put(url(), { ...valid, gstin: "29AAICA3918J1YE" })).json().error).toBe(M.gstinShape);
    expect(await query(db, `select * from center_collection_settings where center_id = '${home}'`)).toEqual(before);
  });

  it("says the check character in the caller's language", async () => {
    const hindi = await app.inject({
      method: "PUT",
      url: url(),
      headers: { ...(await signIn(app, DEMO_EMAILS.financial_manager)).headers, "accept-language": "hi" },
      payload: { ...valid, gstin: "29AAICA3918J1ZF" },
    });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().error).toContain("E");
    expect(hindi.json().error).toContain("जाँच अक्षर");
  });

  it("checks the UPI ID, the payee, the tax details a GSTIN needs, and the series code", async () => {
    for (const upi_vpa of ["no-at-sign", "a@b", "x@okhdfc", "name@1bank", "spaces in@okhdfcbank"]) {
      const refused = await finance.put(url(), { ...valid, upi_vpa });
      expect(refused.statusCode, upi_vpa).toBe(400);
      expect(refused.json().error).toBe(M.upiVpa);
    }
    expect((await finance.put(url(), { ...valid, upi_vpa: "ab@okicici" })).statusCode).toBe(200);
    expect((await finance.put(url(), { ...valid, upi_payee_name: "" })).json().error).toBe(M.payeeRequired);
    expect((await finance.put(url(), { ...valid, legal_name: " " })).json().error).toBe(M.legalNameRequired);
    expect((await finance.put(url(), { ...valid, tax_address: "" })).json().error).toBe(M.taxAddressRequired);
    for (const series_code of ["KORA", "K-1", "ક"]) {
      expect((await finance.put(url(), { ...valid, series_code })).json().error, series_code).toBe(M.seriesCode);
    }
    // Lower case is taken as capitals.
    expect((await finance.put(url(), { ...valid, series_code: "kr1" })).json().series_code).toBe("KR1");
  });

  it("a series code is unique among the organisation's centres (409), and what is used by default counts", async () => {
    const other = centres[1]!.id;
    await finance.put(url(other), { ...valid, gstin: null, legal_name: null, tax_address: null, series_code: "MUM" });
    const taken = await finance.put(url(), { ...valid, series_code: "MUM" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toContain("MUM");
    // The third centre has no code of its own: the first three letters of its name are its code.
    const third = centres[2]!;
    await query(db, `delete from center_collection_settings where center_id = '${third.id}'`);
    const derived = (await finance.get(url(third.id))).json().effective_series_code;
    expect((await finance.put(url(), { ...valid, series_code: derived })).statusCode).toBe(409);
  });

  it("two centres saving the same code at once: one wins", async () => {
    const [a, b] = [centres[1]!.id, centres[2]!.id];
    const body = { ...valid, gstin: null, legal_name: null, tax_address: null, series_code: "ZZ9" };
    const answers = await Promise.all([finance.put(url(a), body), finance.put(url(b), body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it("another centre, an unknown id and roles that may only read are refused", async () => {
    // The demo director's centre is the home centre: the others are not found for her.
    expect((await director.get(url(centres[1]!.id))).statusCode).toBe(404);
    expect((await director.put(url(), valid)).statusCode).toBe(403);
    expect((await finance.get(url("00000000-0000-4000-8000-000000000000"))).statusCode).toBe(404);
    expect((await finance.get(url("not-a-uuid"))).statusCode).toBe(404);
  });
});
