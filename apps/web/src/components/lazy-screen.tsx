import { type ComponentType, lazy, type ReactElement } from 'react';

/**
 * A route's screen, loaded when its route is first shown: its code stays out of the first download of the other
 * screens. While it loads, the screen before stays (navigations are transitions) or, on the first screen, the
 * app's loader shows (AppRoutes' Suspense).
 */
export function lazyScreen(load: () => Promise<ComponentType>): ReactElement {
  const Screen = lazy(async () => ({ default: await load() }));
  return <Screen />;
}
