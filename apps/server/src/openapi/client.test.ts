import createClient, { type Middleware } from "openapi-fetch";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createTestApp, DEMO_EMAILS, DEMO_PASSWORD } from "../../test/harness.ts";
import type { components, paths } from "./api-types.generated.ts";

/**
 * A client generated from the description (openapi-typescript types, openapi-fetch calls) does
 * real calls against the app over HTTP. `tsc -p apps/server` checks these calls against the
 * types: a path, a parameter or a body field the API does not have is a compile error here.
 */
const { app } = await createTestApp();
const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });

type Session = Pick<components["schemas"]["SessionUser"], "role"> & {
  token: string;
  sessionToken: string;
  csrfToken: string;
};

/** The three security schemes, sent the way the description declares them. */
const credentials = (session: Session, options: { csrf: boolean } = { csrf: true }): Middleware => ({
  onRequest({ request }) {
    request.headers.set("Authorization", `Bearer ${session.token}`);
    request.headers.set("X-Session-Token", session.sessionToken);
    if (options.csrf && request.method !== "GET") request.headers.set("X-CSRF-Token", session.csrfToken);
    return request;
  },
});

const anonymous = createClient<paths>({ baseUrl });

async function signIn(email: string): Promise<Session> {
  const { data, error, response } = await anonymous.POST("/api/auth/login", {
    body: { email, password: DEMO_PASSWORD },
  });
  expect(response.status, JSON.stringify(error)).toBe(200);
  expectTypeOf(data!.token).toEqualTypeOf<string | null>();
  const { token, sessionToken, csrfToken, user } = data!;
  if (!token || !csrfToken || !user) throw new Error(`${email} was asked for a second factor`);
  return { token, sessionToken, csrfToken, role: user.role };
}

describe("a client generated from the OpenAPI description", () => {
  it("signs in, and a wrong password is a typed Error", async () => {
    const session = await signIn(DEMO_EMAILS.center_director);
    expect(session.role).toBe("center_director");

    const { data, error, response } = await anonymous.POST("/api/auth/login", {
      body: { email: DEMO_EMAILS.center_director, password: "not-the-password" },
    });
    expect(response.status).toBe(401);
    expect(data).toBeUndefined();
    expectTypeOf(error!).toEqualTypeOf<components["schemas"]["Error"]>();
    expect(error).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it("lists children as a signed-in user, then reads one child's moves by id", async () => {
    const director = createClient<paths>({ baseUrl });
    director.use(credentials(await signIn(DEMO_EMAILS.center_director)));

    const { data, response } = await director.GET("/api/admin/children", {
      params: { query: { page: 1, limit: 10, status: "active" } },
    });
    expect(response.status).toBe(200);
    expectTypeOf(data!.children).toEqualTypeOf<components["schemas"]["ChildSummary"][]>();
    expect(data!.children.length).toBeGreaterThan(0);
    expect(data!.children.every((child) => child.status === "active")).toBe(true);
    expect(data!.pagination).toMatchObject({ page: 1, limit: 10 });

    const child = data!.children[0]!;
    const moves = await director.GET("/api/students/{id}/moves", { params: { path: { id: child.id } } });
    expect(moves.response.status).toBe(200);
    expect(Array.isArray(moves.data)).toBe(true);

    // Without the session's tokens the same call is refused with the documented 401.
    const refused = await anonymous.GET("/api/admin/children", { params: { query: { page: 1 } } });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.code).toBe("NO_TOKEN");
  });

  it("writes with the CSRF token, and is refused without it", async () => {
    const session = await signIn(DEMO_EMAILS.center_director);
    const director = createClient<paths>({ baseUrl });
    director.use(credentials(session));

    const created = await director.POST("/api/settings/programs", {
      body: { majorProgram: "Montessori", specificProgram: "Typed client toddlers" },
    });
    expect(created.response.status).toBe(201);
    expectTypeOf(created.data!.specific_program).toEqualTypeOf<string>();
    expect(created.data).toMatchObject({ major_program: "Montessori", specific_program: "Typed client toddlers" });

    const withoutCsrf = createClient<paths>({ baseUrl });
    withoutCsrf.use(credentials(session, { csrf: false }));
    const refused = await withoutCsrf.POST("/api/settings/programs", {
      body: { majorProgram: "Montessori", specificProgram: "Never saved" },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.code).toBe("CSRF_INVALID");
  });

  it("catches at compile time the body the server refuses at run time", async () => {
    const director = createClient<paths>({ baseUrl });
    director.use(credentials(await signIn(DEMO_EMAILS.center_director)));
    const { error, response } = await director.POST("/api/settings/programs", {
      // @ts-expect-error specificProgram is required by the description
      body: { majorProgram: "Montessori" },
    });
    expect(response.status).toBe(400);
    expect(error?.code).toBe("VALIDATION_ERROR");
    expect(Object.keys(error?.details ?? {})).toContain("specificProgram");
  });
});
