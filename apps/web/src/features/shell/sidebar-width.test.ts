import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clampSidebarWidth,
  readSidebarWidth,
  SIDEBAR_MAX_WIDTH,
  SIDEBAR_MIN_WIDTH,
  SIDEBAR_WIDTH_KEY,
  storeSidebarWidth,
} from './sidebar-width';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sidebar width', () => {
  it('never goes below the minimum of 300 nor above the maximum', () => {
    expect(SIDEBAR_MIN_WIDTH).toBe(300);
    expect(clampSidebarWidth(120)).toBe(300);
    expect(clampSidebarWidth(412.6)).toBe(413);
    expect(clampSidebarWidth(5000)).toBe(SIDEBAR_MAX_WIDTH);
    expect(clampSidebarWidth(Number.NaN)).toBe(300);
  });

  it('is kept in local storage, and a bad stored value falls back to the minimum', () => {
    const values = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    });
    expect(readSidebarWidth()).toBe(300);
    storeSidebarWidth(420);
    expect(values.get(SIDEBAR_WIDTH_KEY)).toBe('420');
    expect(readSidebarWidth()).toBe(420);
    values.set(SIDEBAR_WIDTH_KEY, 'wide');
    expect(readSidebarWidth()).toBe(300);
  });
});
