import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { showAnswer } from "./queryClient";

/** A read the test answers when it chooses: it leaves before the write and comes back after it. */
function slowRead() {
  let answer: (value: string) => void = () => {};
  const read = new Promise<string>((resolve) => {
    answer = resolve;
  });
  return { queryFn: () => read, answer };
}

describe("a write's answer and a read that left before it", () => {
  it("the answer stays when the older read comes back", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ["pickups", "aanya"];
    const read = slowRead();
    const reading = client.fetchQuery({ queryKey: key, queryFn: read.queryFn }).catch(() => undefined);

    await showAnswer(client, key, "photo removed");
    read.answer("photo still there");
    await reading;

    expect(client.getQueryData(key)).toBe("photo removed");
  });

  it("without it the older read puts the old data back (what showAnswer prevents)", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ["pickups", "aanya"];
    const read = slowRead();
    const reading = client.fetchQuery({ queryKey: key, queryFn: read.queryFn });

    client.setQueryData(key, "photo removed");
    read.answer("photo still there");
    await reading;

    expect(client.getQueryData(key)).toBe("photo still there");
  });
});
