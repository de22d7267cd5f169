/** A pump sleeps until its poll interval ends or someone wakes it. */
export function createWakeSignal() {
  let wake: (() => void) | undefined;
  return {
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    },
    wake() {
      wake?.();
    },
  };
}
