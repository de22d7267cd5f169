// The feature's public file: other features and the router import it, never the files behind it (lazy screens,
// sections and dialogs excepted: .dependency-cruiser.cjs).
export { areaQuery, useArea, useAreaUsers } from './api';
export { ArchiveButton } from './components/archive-button';
export { HierarchyList } from './components/hierarchy-list';
export { ShowAsPicker } from './components/show-as-picker';
export { useConfirmHierarchyDelete } from './confirm-hierarchy-delete';
export { areasRoutes } from './routes';
export { useShowAs } from './show-as';
