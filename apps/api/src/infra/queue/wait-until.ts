export async function waitUntil(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  onEachTry?: () => void,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Queue not idle after ${timeoutMs} ms`);
    onEachTry?.();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
