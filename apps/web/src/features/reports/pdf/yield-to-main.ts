interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Lets the page answer input and paint between two pieces of a long report. scheduler.yield where the browser has
 * it; otherwise a message round trip, which, unlike setTimeout(0), is not clamped to 4 ms once nested.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
