/**
 * At most this many images are decoded at once in a process: a 120-megapixel PNG takes about 480 MB while it is
 * decoded, so a gallery's first view (every thumbnail at once) or several uploads would otherwise add up.
 */
export const IMAGE_SLOTS = 2;

let busy = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when one of the IMAGE_SLOTS is free; the others wait in order. */
export async function inImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= IMAGE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy -= 1;
  }
}
