/**
 * What every kind of device an admin registers (sensor devices, smartropes) shares: its own client on the broker and
 * the admin routes it is registered and kept through. It imports no module: sensors and smartropes build on it, and
 * the intake of the devices' messages (`device-intake`) sits above them all. Other modules reach it through this file
 * only.
 */
export { type DeviceAdminRoutes, registerDeviceAdminRoutes } from './admin-routes.ts';
export {
  type BrokerDevice,
  brokerAccessOf,
  disableBrokerClient,
  provisionBrokerClient,
  provisionOnCreate,
} from './broker-clients.ts';
