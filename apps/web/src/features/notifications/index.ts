// The feature's public file: other features and the router import it, never the files behind it (lazy screens,
// sections and dialogs excepted: .dependency-cruiser.cjs).
export { DEFAULT_NOTIFICATION_LIMIT, type NotificationLimit } from './api';
export { BellIcon } from './components/bell-icon';
export { NotificationSettingsDialog } from './components/notification-settings-dialog';
export {
  NotificationStatusButton,
  RopeNotificationDialog,
  RopeNotificationIcon,
} from './components/notification-status-button';
export { NotificationsTable, RowLimitControl } from './components/notifications-table';
