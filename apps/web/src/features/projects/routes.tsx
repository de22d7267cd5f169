import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

const projects = lazyScreen(async () => (await import('./pages/projects-page')).ProjectsPage);
const project = lazyScreen(async () => (await import('./pages/project-page')).ProjectPage);

/** The projects of the external system with their documents and deep links (the spec's "documents" section). */
export const projectsRoutes: RouteObject[] = [
  { path: 'documents', element: projects },
  { path: 'documents/:projectId', element: project },
  { path: 'documents/:projectId/:documentId', element: project },
  { path: 'documents/:projectId/:folder/:documentId', element: project },
];
