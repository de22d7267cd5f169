export const SIDEBAR_WIDTH_KEY = 'sidebarWidth';
/** The sidebar is never narrower than this. */
export const SIDEBAR_MIN_WIDTH = 300;
export const SIDEBAR_MAX_WIDTH = 640;

export function clampSidebarWidth(width: number): number {
  if (!Number.isFinite(width)) return SIDEBAR_MIN_WIDTH;
  return Math.round(Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, width)));
}

export function readSidebarWidth(): number {
  try {
    const stored = globalThis.localStorage?.getItem(SIDEBAR_WIDTH_KEY);
    return stored ? clampSidebarWidth(Number(stored)) : SIDEBAR_MIN_WIDTH;
  } catch {
    return SIDEBAR_MIN_WIDTH;
  }
}

export function storeSidebarWidth(width: number): void {
  try {
    globalThis.localStorage?.setItem(SIDEBAR_WIDTH_KEY, String(clampSidebarWidth(width)));
  } catch {
    // Without storage the width lasts for this page only.
  }
}
