import { describe, expect, it } from 'vitest';
import { createLatestState } from './latest-state';

/** A read that answers when told to, with what it found when it was sent. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the TRUscan state from a read and the pushed frames', () => {
  it('keeps a frame that came while an older read ran, instead of the read', async () => {
    let clock = 0;
    const latest = createLatestState<string>(() => clock);
    const answer = deferred<string>();
    clock = 1;
    const read = latest.read(7, () => answer.promise);
    clock = 2;
    latest.framed(7, 'uploading');
    latest.framed(8, 'measuring');
    clock = 3;
    answer.resolve('idle');
    expect(await read).toBe('uploading');
  });

  it('answers the read when the last frame came before it was sent', async () => {
    let clock = 0;
    const latest = createLatestState<string>(() => clock);
    latest.framed(7, 'idle');
    clock = 5;
    expect(await latest.read(7, async () => 'measuring')).toBe('measuring');
  });

  it("answers the read when the frames that came while it ran were another rope's", async () => {
    let clock = 0;
    const latest = createLatestState<string>(() => clock);
    const answer = deferred<string>();
    const read = latest.read(7, () => answer.promise);
    clock = 1;
    latest.framed(8, 'uploading');
    answer.resolve('idle');
    expect(await read).toBe('idle');
  });

  it('answers the read when no frame came at all', async () => {
    const latest = createLatestState<string>(() => 0);
    expect(await latest.read(7, async () => 'idle')).toBe('idle');
  });
});
