import type { FolderView } from '@rope/domain/folders/views';
import { describe, expect, it } from 'vitest';
import { initialFolderValues, toFolderInput } from './folder-form';
import { buildFolderTree, folderPath, parentCandidates } from './folder-tree';

const folder = (id: number, displayName: string, parent: number | null): FolderView => ({
  id,
  name: displayName,
  translations: {},
  displayName,
  parentFolder: parent === null ? null : { id: parent },
  documentCount: 0,
});
const folders = [
  folder(1, 'Standards', null),
  folder(2, 'EN 12927', 1),
  folder(3, 'Manuals', null),
  folder(4, 'Old', 2),
];

describe('folder tree', () => {
  it('nests folders by parent, each level by name', () => {
    const tree = buildFolderTree(folders);
    expect(tree.map((node) => node.folder.displayName)).toEqual(['Manuals', 'Standards']);
    expect(tree[1]?.children[0]?.children[0]?.folder.id).toBe(4);
  });

  it('treats a folder whose parent is missing as a root and never loops', () => {
    const loose = [folder(5, 'Orphan', 99), folder(6, 'A', 7), folder(7, 'B', 6)];
    expect(buildFolderTree(loose).map((node) => node.folder.id)).toEqual([5]);
    expect(folderPath(loose, 6).length).toBeLessThanOrEqual(2);
  });

  it('gives the path from the root', () => {
    expect(folderPath(folders, 4).map((entry) => entry.id)).toEqual([1, 2, 4]);
    expect(folderPath(folders, null)).toEqual([]);
  });

  it('never offers a folder or one below it as its own parent', () => {
    expect(parentCandidates(folders, 1).map((entry) => entry.id)).toEqual([3]);
    expect(parentCandidates(folders, undefined)).toHaveLength(4);
  });
});

describe('folder form', () => {
  it('sends the English name, the other translations and the parent', () => {
    const values = {
      ...initialFolderValues(undefined, 3),
      name: 'Drawings',
      DES: 'Zeichnungen',
      FRS: ' ',
      ESP: 'Planos',
    };
    expect(toFolderInput(values)).toEqual({
      name: 'Drawings',
      translations: { DES: 'Zeichnungen', ESP: 'Planos' },
      parentFolder: { id: 3 },
    });
    expect(toFolderInput({ ...values, parent: '' }).parentFolder).toBeNull();
  });
});
