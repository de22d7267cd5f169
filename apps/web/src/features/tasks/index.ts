// The feature's public file: other features and the router import it, never the files behind it (lazy screens,
// sections and dialogs excepted: .dependency-cruiser.cjs).
export { ropeTasksQuery, taskNotesQuery } from './api';
export { ExportTasksButton } from './components/export-tasks-button';
export { fromDateInput, toDateInput } from './task-form';
