/** Calls timed after the warm-up ones, which load the code paths and the database's caches. */
const TIMED = 40;
const WARM_UP = 5;

export interface FirstRead {
  median: number;
  p95: number;
}

/**
 * What one user waits for on the first read after a change: the answer worked out, one call at a
 * time. Each call has an address of its own (an extra query parameter, which the schemas drop), so
 * no kept answer matches it.
 */
export async function firstRead(url: string, headers: Record<string, string>, label: string): Promise<FirstRead> {
  const times: number[] = [];
  for (let n = 0; n < WARM_UP + TIMED; n++) {
    const started = performance.now();
    const response = await fetch(`${url}${url.includes("?") ? "&" : "?"}first_read=${n}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label} first read: answered ${response.status}`);
    if (n >= WARM_UP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(TIMED / 2)]!, p95: times[Math.ceil(TIMED * 0.95) - 1]! };
}
