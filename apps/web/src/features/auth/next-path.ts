const LOGIN_PATH = '/login';

function isLoginPath(path: string): boolean {
  return path === LOGIN_PATH || /^\/login[/?#]/.test(path);
}

/**
 * Where to go after signing in: a path of this site only. Anything that a browser could read as another host
 * ("//host", "/\host", "https://...") or that leads back to the login screen becomes the start page.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/')) return '/';
  if (next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Control characters and backslashes are never part of our paths; browsers strip or rewrite them.
  if (next.includes('\\') || [...next].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return '/';
  }
  if (isLoginPath(next)) return '/';
  return next;
}

/** The login screen's address that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const next = safeNextPath(path);
  return next === '/' ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}
