import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, QUIET_MS } from './page-settled';
import { registerServiceWorkerWhenIdle } from './service-worker';

/** A page as the browser shows it: its load event, its idle callbacks and the files it finishes loading. */
function stubPage({ loaded = false, serviceWorker = true } = {}) {
  let onLoad: (() => void) | undefined;
  const observers: (() => void)[] = [];
  class FakePerformanceObserver {
    constructor(private readonly callback: () => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  vi.stubGlobal('navigator', serviceWorker ? { serviceWorker: {} } : {});
  vi.stubGlobal('document', { readyState: loaded ? 'complete' : 'loading' });
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  vi.stubGlobal('window', {
    PerformanceObserver: FakePerformanceObserver,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') onLoad = listener;
    },
    requestIdleCallback: (callback: () => void) => setTimeout(callback, 50),
  });
  return {
    load: () => onLoad?.(),
    fileLoaded: () => {
      for (const observer of [...observers]) observer();
    },
  };
}

describe('registerServiceWorkerWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the load event, a quiet network and an idle moment', async () => {
    const page = stubPage();
    const register = vi.fn(async () => {});
    registerServiceWorkerWhenIdle(register);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(register).not.toHaveBeenCalled();

    page.load();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 500);
    // A lazy section arrives: the quiet period starts again.
    page.fileLoaded();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a page that has loaded already', async () => {
    stubPage({ loaded: true });
    const register = vi.fn(async () => {});
    registerServiceWorkerWhenIdle(register);
    await vi.advanceTimersByTimeAsync(QUIET_MS + 100);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers a page that never goes quiet after MAX_WAIT_MS, once', async () => {
    const page = stubPage({ loaded: true });
    const register = vi.fn(async () => {});
    registerServiceWorkerWhenIdle(register);
    for (let elapsed = 0; elapsed < MAX_WAIT_MS + QUIET_MS; elapsed += QUIET_MS / 2) {
      page.fileLoaded();
      await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
    }
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('leaves a browser without service workers (or an insecure page) alone', async () => {
    const page = stubPage({ serviceWorker: false });
    const register = vi.fn(async () => {});
    registerServiceWorkerWhenIdle(register);
    page.load();
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    expect(register).not.toHaveBeenCalled();
  });

  it('reports a failed registration in the console and lets the app run on', async () => {
    stubPage({ loaded: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    registerServiceWorkerWhenIdle(async () => {
      throw new Error('sw.js answered 404');
    });
    await vi.advanceTimersByTimeAsync(QUIET_MS + 100);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('will not open offline'), expect.any(Error));
    warn.mockRestore();
  });
});
