/** From this share of the limit on, a field shows how many characters it holds of how many it may. */
const COUNT_FROM = 0.8;

export interface LengthLimitState {
  length: number;
  /** Show "length / max" beside the field. */
  showCount: boolean;
  /** Longer than allowed: the field shows the message (the text is never cut). */
  over: boolean;
}

/** What a field with a character limit shows for its current value; fields never cut what was typed or pasted. */
export function lengthLimitState(value: unknown, max: number): LengthLimitState {
  const length = typeof value === 'string' ? value.length : value == null ? 0 : String(value).length;
  return { length, showCount: length >= Math.floor(max * COUNT_FROM), over: length > max };
}
