/**
 * Devices talking to the API over MQTT (their broker clients and the messages they send) and the admin routes every
 * kind of device is registered and kept through. Other modules reach it through this file only.
 */
export { type DeviceAdminRoutes, registerDeviceAdminRoutes } from './admin-routes.ts';
export { provisionOnCreate } from './broker-clients.ts';
