// What the documents screens need before any form, without zod: the general documents are a first screen.

/** What a document belongs to: the hierarchy, an event (its gallery), a folder (general documents), a project. */
export const DOCUMENT_TARGET_TYPES = ['area', 'installation', 'rope', 'event', 'folder', 'project'] as const;
export type DocumentTargetType = (typeof DOCUMENT_TARGET_TYPES)[number];
export const DOCUMENT_LIST_MAX_HEIGHT = 400;
