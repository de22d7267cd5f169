/**
 * The performance mark set when the page first settles: what loads from then on (the service worker, the field
 * cache and its code) is work after the first download, not part of it (the first-load budget, issue 28).
 */
export const PAGE_SETTLED_MARK = 'rope:page-settled';

/** No file finished loading for this long: the screen has what it asked for (its lazy sections and data included). */
export const QUIET_MS = 2_000;
/** A page that never goes quiet (a screen polling) gets its turn all the same, this long after its load event. */
export const MAX_WAIT_MS = 30_000;
/** How long the browser may put the work off for other work, where it offers an idle callback. */
const IDLE_TIMEOUT_MS = 5_000;

/**
 * Runs `then` once the page is drawn: after the window's `load`, once no file has finished loading for QUIET_MS
 * (Resource Timing), in an idle moment. For work the screen does not need to draw (the service worker's precache,
 * the field cache), which must not compete with the screen's own downloads on a slow line.
 */
export function whenPageSettled(then: () => void): void {
  const settled = () => {
    if (performance.getEntriesByName(PAGE_SETTLED_MARK).length === 0) performance.mark(PAGE_SETTLED_MARK);
    then();
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(settled, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(settled, 0);
  };
  const afterLoad = () => afterNetworkQuiet(whenIdle);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

function afterNetworkQuiet(then: () => void): void {
  const giveUpAt = Date.now() + MAX_WAIT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  const done = () => {
    observer?.disconnect();
    then();
  };
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(done, Math.max(0, Math.min(QUIET_MS, giveUpAt - Date.now())));
  };
  if ('PerformanceObserver' in window) {
    observer = new PerformanceObserver(restart);
    observer.observe({ type: 'resource' });
  }
  restart();
}
