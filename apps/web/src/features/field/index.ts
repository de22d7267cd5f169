export { DataAge } from './components/data-age';
export { FieldSwitch } from './components/field-switch';
export { OfflineBanner } from './components/offline-banner';
export { PendingDamageNote } from './components/pending-damage-note';
export { SyncButton } from './components/sync-button';
export { FieldProvider, useFieldCache, useFieldSettled, useOnline } from './field-context';
export { patchTaskWithKey } from './send-task-change';
export { type PatchTaskBody, queuedTaskFields, type TaskFields, taskChangeBody } from './task-entry';
export { type PendingDamage, usePendingDamage } from './use-pending-damage';
