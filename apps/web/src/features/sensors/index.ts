// The feature's public file: other features and the router import it, never the files behind it (lazy screens,
// sections and dialogs excepted: .dependency-cruiser.cjs).

export type { AdminKind } from './admin-kind';
export { type AdminListQuery, adminListQueryParams } from './admin-list-query';
export { AdminAddDialog, AdminAddForm } from './components/admin-add-dialog';
export { AdminEditorFrame } from './components/admin-editor-frame';
export { type AddDialogProps, AdminListScreen } from './components/admin-list-screen';
export { AdminRecordScreen } from './components/admin-record-screen';
export { MountedRopeLink } from './components/mounted-rope-link';
export { RopePicker } from './components/rope-picker';
export { sensorsRoutes } from './routes';
export { eventChartData, type SmartropeEventChartData } from './sensor-chart-data';
export { sensorList } from './sensor-device-display';
export { rowKey } from './sensor-device-form';
