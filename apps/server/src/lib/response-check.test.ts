import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseCheck } from "./response-check.ts";

const child = z.object({ id: z.string().uuid(), first_name: z.string().max(50) });

async function appAnswering(payload: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseCheck);
  app.get("/child", { schema: { response: { 200: child } } }, async () => payload);
  await app.ready();
  return app;
}

describe("the response check", () => {
  it("answers only the fields the route's schema names", async () => {
    const app = await appAnswering({
      id: "6f1c1c1e-6c1a-4b0a-9f0a-1c1e6c1a4b0a",
      first_name: "Aarav",
      medical_notes: "asthma",
    });
    const response = await app.inject({ method: "GET", url: "/child" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: "6f1c1c1e-6c1a-4b0a-9f0a-1c1e6c1a4b0a", first_name: "Aarav" });
    await app.close();
  });

  it("refuses to send an answer that breaks the schema", async () => {
    const app = await appAnswering({ id: "not-a-uuid", first_name: "Aarav" });
    const response = await app.inject({ method: "GET", url: "/child" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("Aarav");
    await app.close();
  });
});
