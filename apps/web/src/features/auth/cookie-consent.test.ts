import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_CONSENT_KEY, readCookieConsent, storeCookieConsent } from './cookie-consent';

function fakeStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cookie consent', () => {
  it('is missing until accepted, then holds the date of acceptance', () => {
    const storage = fakeStorage();
    vi.stubGlobal('localStorage', storage);
    expect(readCookieConsent()).toBeNull();
    storeCookieConsent(new Date('2025-03-01T08:30:00Z'));
    expect(storage.getItem(COOKIE_CONSENT_KEY)).toBe('2025-03-01T08:30:00.000Z');
    expect(readCookieConsent()).toBe('2025-03-01T08:30:00.000Z');
  });

  it('survives a storage that throws', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    expect(readCookieConsent()).toBeNull();
    expect(() => storeCookieConsent()).not.toThrow();
  });
});
