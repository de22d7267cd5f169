import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

const projects = lazyScreen(async () => (await import('./pages/projects-page')).ProjectsPage);
const project = lazyScreen(async () => (await import('./pages/project-page')).ProjectPage);
const general = lazyScreen(async () => (await import('./pages/general-documents-page')).GeneralDocumentsPage);

/** Projects of the external system with their deep links, and the general documents with theirs. */
export const documentsRoutes: RouteObject[] = [
  { path: 'documents', element: projects },
  { path: 'documents/:projectId', element: project },
  { path: 'documents/:projectId/:documentId', element: project },
  { path: 'documents/:projectId/:folder/:documentId', element: project },
  { path: 'general-documents', element: general },
  { path: 'general-documents/:folderId', element: general },
  { path: 'general-documents/:folderId/:documentId', element: general },
  // The section deep link of the spec: the folder is its third segment.
  { path: 'general-documents/:projectId/:folder/:documentId', element: general },
];
