export { DataAge } from './components/data-age';
export { FieldSwitch } from './components/field-switch';
export { OfflineBanner } from './components/offline-banner';
export { PendingDamageNote } from './components/pending-damage-note';
export { SyncButton } from './components/sync-button';
export { FieldProvider } from './field-context';
export { useFieldCache, useFieldSettled, useOnline } from './field-state';
export { outboxFiles, photosEntry, photosWaitingFor } from './photo-entry';
export { uploadEventPhotos } from './send-photos';
export { patchTaskWithKey } from './send-task-change';
export {
  type PatchTaskBody,
  queuedTaskFields,
  queuedTaskNotes,
  type TaskFields,
  taskChangeBody,
} from './task-entry';
export { type PendingDamage, usePendingDamage } from './use-pending-damage';
