import { describe, expect, it } from "vitest";
import { sharedWhileRunning } from "./routes.ts";

describe("health checks at once", () => {
  it("share the probe that is out, and the next check asks again", async () => {
    const answers: ((up: boolean) => void)[] = [];
    const probe = sharedWhileRunning(() => new Promise<boolean>((resolve) => answers.push(resolve)));

    const burst = Array.from({ length: 5 }, () => probe());
    expect(answers).toHaveLength(1);
    answers[0]!(true);
    expect(await Promise.all(burst)).toEqual([true, true, true, true, true]);

    const next = probe();
    expect(answers).toHaveLength(2);
    answers[1]!(false);
    expect(await next).toBe(false);
  });
});
