/**
 * Reads or writes of one transaction sent together, so that the driver pipelines them on the transaction's
 * connection (one round trip instead of one each). Waits for every one of them before it fails with the first error:
 * a part still running when the transaction rolled back would send its next statement on a connection handed back to
 * the pool.
 */
export async function sentTogether<T extends readonly unknown[]>(
  parts: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(parts);
  const failed = settled.find((part) => part.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return settled.map((part) => (part as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
