import { describe, expect, it } from "vitest";
import { isKeptQuery } from "./persistedQueries";

describe("the answers kept on the device for an offline home", () => {
  it("are the parent home's own calls", () => {
    expect(isKeptQuery("parent", ["parents", "my-children"])).toBe(true);
    expect(isKeptQuery("parent", ["child-day", "timeline", "child-1", "today"])).toBe(true);
    expect(isKeptQuery("parent", ["attendance", "parent-day"])).toBe(true);
  });

  it("are not the parent's other screens, nor a shorter key that only starts the same", () => {
    expect(isKeptQuery("parent", ["communication", "messages", "thread-1"])).toBe(false);
    expect(isKeptQuery("parent", ["child-day"])).toBe(false);
    expect(isKeptQuery("parent", ["auth", "verify"])).toBe(false);
  });

  it("are the teacher's roster and class list, not a parent's home nor her other screens", () => {
    expect(isKeptQuery("teacher", ["attendance", "roster", "room-1"])).toBe(true);
    expect(isKeptQuery("teacher", ["child-day", "classroom", "room-1", "today"])).toBe(true);
    expect(isKeptQuery("teacher", ["child-day", "child", "child-1", "today"])).toBe(true);
    expect(isKeptQuery("teacher", ["child-day", "summary", "child-1"])).toBe(false);
    expect(isKeptQuery("teacher", ["communication", "messages", "thread-1"])).toBe(false);
    expect(isKeptQuery("teacher", ["attendance", "headcount", "own"])).toBe(false);
    // The observation form's child list as first opened, not each search typed into it.
    expect(isKeptQuery("teacher", ["child-day", "picker", ""])).toBe(true);
    expect(isKeptQuery("teacher", ["child-day", "picker", "Aan"])).toBe(false);
  });

  it("are nothing for a role without an offline home", () => {
    expect(isKeptQuery("admin", ["parents", "my-children"])).toBe(false);
    expect(isKeptQuery("admin", ["attendance", "roster", "room-1"])).toBe(false);
  });
});
