/**
 * A device that cannot store (private mode, quota): the app works online as before; said in the console only.
 * A file of its own: the shell's providers use it, and importing it from field-cache.ts put the cache's code in
 * every first download.
 */
export function reportFailure(error: unknown): void {
  console.warn('The device could not keep a rope for the field.', error);
}
