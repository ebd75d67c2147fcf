/**
 * The delivery runs of an outbox worker (mail, push): `poke` starts a run now, or one more right
 * after the run in progress, so a row written during a run is never left waiting for the timer;
 * `settled` waits until no run is going (on shutdown and in tests). A failed run is logged and the
 * rows stay due for the next one.
 */
export function outboxRuns(run: () => Promise<unknown>, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;
  function poke(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await run();
        } catch (error) {
          onError(error);
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }
  async function settled() {
    while (running) await running;
  }
  return { poke, settled };
}
