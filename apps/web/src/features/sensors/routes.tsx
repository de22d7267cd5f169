import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

/** Routes of this feature, mounted inside the application shell (admins only; others are told so). */
export const sensorsRoutes: RouteObject[] = [
  {
    path: 'sensor-devices',
    element: lazyScreen(async () => (await import('./pages/sensor-devices-page')).SensorDevicesPage),
  },
  {
    path: 'sensor-devices/:id',
    element: lazyScreen(async () => (await import('./pages/sensor-device-page')).SensorDevicePage),
  },
];
