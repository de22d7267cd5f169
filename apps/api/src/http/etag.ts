/**
 * Whether an If-None-Match header names `etag`: `*`, or a tag equal to it under the weak comparison HTTP asks for
 * this header (a `W/` prefix on either side does not count).
 */
export function ifNoneMatchNames(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
