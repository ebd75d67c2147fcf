import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onSessionEnded } from "../auth/session";
import { memoryStorage } from "../test/memory-storage";
import { api } from "./client";
import { ApiError } from "./errors";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const ROTATED = { token: "new", sessionToken: "s2", csrfToken: "c2", refreshToken: "r2", expiresIn: 900 };

let ended: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  vi.stubGlobal("localStorage", memoryStorage());
  localStorage.setItem("token", "old");
  localStorage.setItem("sessionToken", "s1");
  localStorage.setItem("csrfToken", "c1");
  localStorage.setItem("refreshToken", "r1");
  ended = vi.fn<() => void>();
  onSessionEnded(ended);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A server whose access tokens are all stale except "new"; `refresh` answers the refresh call. */
function server(refresh: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === "/api/auth/refresh-token") return refresh();
    const headers = init.headers as Record<string, string>;
    if (headers.Authorization !== "Bearer new")
      return json(401, { error: "Invalid or expired token", code: "TOKEN_INVALID" });
    return json(200, { ok: true, headers });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const refreshCalls = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.filter(([url]) => url === "/api/auth/refresh-token").length;

describe("api client", () => {
  it("refreshes once for calls that fail together, stores the rotated tokens and retries each", async () => {
    const fetchMock = server(() => json(200, ROTATED));
    const answers = await Promise.all([api.get("/a"), api.get("/b"), api.get("/c")]);
    expect(answers).toHaveLength(3);
    expect(refreshCalls(fetchMock)).toBe(1);
    expect(localStorage.getItem("refreshToken")).toBe("r2");
    expect(localStorage.getItem("sessionToken")).toBe("s2");
    expect(ended).not.toHaveBeenCalled();
  });

  it("ends the session when the refresh is refused", async () => {
    const fetchMock = server(() => json(401, { error: "Invalid or expired refresh token", code: "REFRESH_INVALID" }));
    await expect(api.get("/a")).rejects.toMatchObject({ status: 401, message: "Invalid or expired token" });
    expect(refreshCalls(fetchMock)).toBe(1);
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("refreshToken")).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
  });

  it("ends the session without calling the server when there is no refresh token", async () => {
    localStorage.removeItem("refreshToken");
    const fetchMock = server(() => json(200, ROTATED));
    await expect(api.get("/a")).rejects.toBeInstanceOf(ApiError);
    expect(refreshCalls(fetchMock)).toBe(0);
    expect(ended).toHaveBeenCalledOnce();
  });

  it("sends the session headers, CSRF only on writes, and no content type without a body", async () => {
    localStorage.setItem("token", "new");
    server(() => json(200, ROTATED));
    const read = await api.get<{ headers: Record<string, string> }>("/a");
    expect(read.headers).toMatchObject({ Authorization: "Bearer new", "X-Session-Token": "s1" });
    expect(read.headers["X-CSRF-Token"]).toBeUndefined();
    const write = await api.post<{ headers: Record<string, string> }>("/a");
    expect(write.headers["X-CSRF-Token"]).toBe("c1");
    expect(write.headers["Content-Type"]).toBeUndefined();
    const withBody = await api.post<{ headers: Record<string, string> }>("/a", { name: "x" });
    expect(withBody.headers["Content-Type"]).toBe("application/json");
  });

  it("maps failures to the spec's messages", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(api.get("/a")).rejects.toMatchObject({ status: 0, message: "Could not connect to the server." });

    localStorage.setItem("token", "new");
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("<html>Bad gateway</html>", { status: 502 })));
    await expect(api.get("/a")).rejects.toMatchObject({ status: 502, message: "An unexpected error occurred." });

    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(json(403, { error: "Forbidden", code: "FORBIDDEN" })));
    await expect(api.get("/a")).rejects.toMatchObject({ status: 403, message: "Forbidden", code: "FORBIDDEN" });
  });
});
