import type { FolderView } from '@rope/domain/folders/views';
import { parseId } from '@rope/domain/ids';

export interface FolderNode {
  folder: FolderView;
  children: FolderNode[];
}

/** The folders as a tree by parentFolder, each level by name; a folder whose parent is missing is a root. */
export function buildFolderTree(folders: readonly FolderView[]): FolderNode[] {
  const ids = new Set(folders.map((folder) => folder.id));
  const childrenOf = new Map<number | null, FolderView[]>();
  for (const folder of folders) {
    const parent = folder.parentFolder && ids.has(folder.parentFolder.id) ? folder.parentFolder.id : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), folder]);
  }
  const seen = new Set<number>();
  const build = (parent: number | null): FolderNode[] =>
    (childrenOf.get(parent) ?? [])
      .filter((folder) => !seen.has(folder.id))
      .sort((a, b) => a.displayName.localeCompare(b.displayName))
      .map((folder) => {
        seen.add(folder.id);
        return { folder, children: build(folder.id) };
      });
  return build(null);
}

/** The ids from the root down to the folder, for the breadcrumb and to open its branch. */
export function folderPath(folders: readonly FolderView[], id: number | null): FolderView[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const path: FolderView[] = [];
  for (let at = id === null ? undefined : byId.get(id); at && !path.includes(at); ) {
    path.unshift(at);
    at = at.parentFolder ? byId.get(at.parentFolder.id) : undefined;
  }
  return path;
}

/** Folders that may become the parent of `id`: neither itself nor one below it. */
export function parentCandidates(folders: readonly FolderView[], id: number | undefined): FolderView[] {
  if (id === undefined) return [...folders];
  const below = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const folder of folders) {
      if (folder.parentFolder && below.has(folder.parentFolder.id) && !below.has(folder.id)) {
        below.add(folder.id);
        grew = true;
      }
    }
  }
  return folders.filter((folder) => !below.has(folder.id));
}

/**
 * The folder a general-documents link names: `/general-documents/{folderId}[/{documentId}]`, or the section deep
 * link `/general-documents/{projectId}/{folder}/{documentId}`, whose folder segment decides (general documents belong
 * to no project). Null: no folder named, all folders; NaN: a segment that is no folder id.
 */
export function linkedFolderId(params: { folderId?: string; folder?: string }): number | null {
  const segment = params.folder ?? params.folderId;
  return segment === undefined ? null : parseId(segment);
}
