import type { SessionUser } from "@sprout/shared/schemas/auth";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { saveUser } from "../../auth/session";
import { memoryStorage } from "../../test/memory-storage";
import { cacheChildren, readCachedChildren } from "./useMyChildren";

const parent = (id: string, name: string): SessionUser => ({
  id,
  email: `${name.toLowerCase()}@example.in`,
  role: "parent",
  fullName: name,
  full_name: name,
  name,
  center_id: null,
  centerName: null,
  center_name: null,
  mustResetPassword: false,
});
const ANITA = parent("7d0c58e4-1f43-4b5f-9a51-2f1f2b0e6a01", "Anita");
const RAVI = parent("7d0c58e4-1f43-4b5f-9a51-2f1f2b0e6a02", "Ravi");
const AARAV = {
  id: "c1",
  first_name: "Aarav",
  last_name: "Sharma",
  classroom_id: null,
  classroom_name: null,
  center_name: "Koramangala",
};

beforeEach(() => {
  vi.stubGlobal("localStorage", memoryStorage());
});

describe("the parent's cached children (the fallback when the list cannot load)", () => {
  it("come back for the parent who cached them", () => {
    saveUser(ANITA);
    cacheChildren([AARAV]);
    expect(readCachedChildren()).toEqual([AARAV]);
  });

  it("are never shown to another parent on the same phone, even when the last session was not signed out", () => {
    saveUser(ANITA);
    cacheChildren([AARAV]);
    saveUser(RAVI);
    expect(readCachedChildren()).toBeNull();
  });

  it("a list nobody's name is kept beside (written before) is not read", () => {
    saveUser(ANITA);
    localStorage.setItem("children", JSON.stringify([AARAV]));
    expect(readCachedChildren()).toBeNull();
  });

  it("stays under the spec's key as the list itself", () => {
    saveUser(ANITA);
    cacheChildren([AARAV]);
    expect(JSON.parse(localStorage.getItem("children") ?? "null")).toEqual([AARAV]);
  });
});
