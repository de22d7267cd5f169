/** What a download answers to its Range header: the whole object, one slice of it, or 416. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'slice'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

/**
 * Reads one byte range (`bytes=0-99`, open `bytes=100-`, suffix `bytes=-500`) against an object of `size` bytes.
 * A header that is not one well-formed byte range is ignored (the whole object), as HTTP allows; several ranges
 * are answered whole as well, since no client of ours asks for them.
 */
export function resolveRange(header: string | undefined, size: number): RangeAnswer {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', lastText = ''] = match;
  if (first === '' && lastText === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(lastText);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    if (size === 0) return { kind: 'whole' };
    return { kind: 'slice', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // A last position past the end (however large) means the end.
  const last = lastText === '' ? Number.POSITIVE_INFINITY : Number(lastText);
  if (last < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'slice', start, end: Math.min(last, size - 1) };
}
