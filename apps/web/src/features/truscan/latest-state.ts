/**
 * The TRUscan state as the panel shows it comes from two sources that race: a read the page asks for, and the frames
 * the server pushes on every change while the page is open. A read sent before a change can answer after that
 * change's frame came, and would put the older state back with no frame left to correct it. So a read answers the
 * last frame of its rope that came while it ran, if any: that frame is as new as what the read found, or a later
 * change's frame follows it.
 */
export function createLatestState<T>(now: () => number = () => performance.now()) {
  const last = new Map<number, { at: number; state: T }>();
  return {
    /** A frame the server pushed for the rope. */
    framed(ropeId: number, state: T) {
      last.set(ropeId, { at: now(), state });
    },
    /** A read of the rope's state, unless a frame of the rope came while it ran. */
    async read(ropeId: number, fetch: () => Promise<T>): Promise<T> {
      const started = now();
      const fetched = await fetch();
      const frame = last.get(ropeId);
      return frame !== undefined && frame.at >= started ? frame.state : fetched;
    },
  };
}
