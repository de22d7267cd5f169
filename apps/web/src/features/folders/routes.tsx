import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

const general = lazyScreen(async () => (await import('./pages/general-documents-page')).GeneralDocumentsPage);

/** The general documents in their folders, with their deep links. */
export const foldersRoutes: RouteObject[] = [
  { path: 'general-documents', element: general },
  { path: 'general-documents/:folderId', element: general },
  { path: 'general-documents/:folderId/:documentId', element: general },
  // The section deep link of the spec: the folder is its third segment.
  { path: 'general-documents/:projectId/:folder/:documentId', element: general },
];
