import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";

const { app } = await createTestApp();
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
await parent.put("/api/account/preferences", { language: "hi" });

const inHindiBrowser = (url: string) =>
  app.inject({ method: "GET", url, headers: { "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" } });

describe("the server answers in the caller's language", () => {
  it("before sign-in, the browser's language decides", async () => {
    const hindi = await inHindiBrowser("/api/account/preferences");
    expect(hindi.statusCode).toBe(401);
    expect(hindi.json().error).toBe("कृपया पहले साइन इन करें");
    const english = await app.inject({ method: "GET", url: "/api/account/preferences" });
    expect(english.json().error).toBe("Authentication required");
  });

  it("a signed-in person's own choice decides, for the server's errors and the schemas' messages", async () => {
    const refused = await parent.put("/api/account/preferences", { language: "fr" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("Sprout की भाषाओं में से एक चुनें");
    expect(refused.json().details).toEqual({ language: "Sprout की भाषाओं में से एक चुनें" });

    const zodsOwn = await parent.get("/api/invoices?page=0");
    expect(zodsOwn.json().details).toEqual({ page: "बहुत छोटा: अपेक्षित था कि number >=1 हो" });
    const ours = await parent.get("/api/invoices?limit=5000");
    expect(ours.json().error).toBe("हर पेज पर 5, 10, 25 या 50 पंक्तियाँ ही हो सकती हैं");
    const forbidden = await parent.get("/api/exits");
    expect(forbidden.json()).toEqual({ error: "आपको यह करने की अनुमति नहीं है", code: "FORBIDDEN" });

    const teacherRefused = await teacher.put("/api/account/preferences", { language: "fr" });
    expect(teacherRefused.json().error).toBe("Choose one of the languages Sprout speaks");
  });

  it("a message with a name keeps the name, and a thing not found is said whole", async () => {
    const unknownRoute = await inHindiBrowser("/api/no-such-area");
    expect(unknownRoute.json().error).toBe("GET /api/no-such-area पता नहीं मिला");
    expect(unknownRoute.json().code).toBe("NOT_FOUND");
  });

  it("a success answer's message is said in the caller's language too", async () => {
    const admin = as(app, await signIn(app, DEMO_EMAILS.super_admin));
    await admin.put("/api/account/preferences", { language: "hi" });
    const centres = (await admin.get("/api/centers")).json() as { id: string }[];
    const created = await admin.post("/api/owners", {
      fullName: "Meera Joshi",
      email: "meera.joshi@sprout.test",
      role: "admin",
      centerId: centres[0]!.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe("यूज़र बना दिया गया। पासवर्ड सेट करने का न्योता ईमेल से भेज दिया गया है।");
  });
});
