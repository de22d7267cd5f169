export const COOKIE_CONSENT_KEY = 'cookieConsent';

/** The date the cookie notice was accepted, or null while it has not been. */
export function readCookieConsent(): string | null {
  try {
    return globalThis.localStorage?.getItem(COOKIE_CONSENT_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeCookieConsent(now: Date = new Date()): void {
  try {
    globalThis.localStorage?.setItem(COOKIE_CONSENT_KEY, now.toISOString());
  } catch {
    // Blocked storage: the notice comes back on the next visit, which is all that is lost.
  }
}
