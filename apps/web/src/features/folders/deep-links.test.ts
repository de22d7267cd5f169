import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { projectsRoutes } from '../projects';
import { linkedFolderId } from './folder-tree';
import { foldersRoutes } from './routes';

/** The folder and document the general documents screen takes from a path, as the router hands them over. */
function generalLink(path: string) {
  const match = matchRoutes([...foldersRoutes, ...projectsRoutes], path)?.at(-1);
  if (!match?.route.path?.startsWith('general-documents')) return undefined;
  return { folderId: linkedFolderId(match.params), documentId: match.params.documentId };
}

describe('general documents deep links', () => {
  it('select the folder the link names, in each shape the spec and the search use', () => {
    expect(generalLink('/general-documents')).toEqual({ folderId: null, documentId: undefined });
    expect(generalLink('/general-documents/2')).toEqual({ folderId: 2, documentId: undefined });
    // The search's link to a general document: /general-documents/{folderId}/{documentId}.
    expect(generalLink('/general-documents/2/31')).toEqual({ folderId: 2, documentId: '31' });
    // The spec's section link /{section}/{projectId}/{folder}/{documentId}: the folder decides.
    expect(generalLink('/general-documents/7/2/31')).toEqual({ folderId: 2, documentId: '31' });
  });

  it('mark a folder segment that is no id, so the screen says the folder is missing', () => {
    expect(generalLink('/general-documents/maintenance')?.folderId).toBeNaN();
    expect(generalLink('/general-documents/7/0x2/31')?.folderId).toBeNaN();
  });

  it('leave the project links to the project page', () => {
    expect(generalLink('/documents/7/2/31')).toBeUndefined();
  });
});
