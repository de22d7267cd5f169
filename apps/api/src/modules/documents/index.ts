/**
 * Documents: files on an area, installation, rope, folder or project. Other modules reach it through this file
 * only.
 */
export { readerLanguage } from './language.ts';
export { type StoredDocumentFile, storeDocumentFile } from './store-file.ts';
export { uploadLimits } from './upload.ts';
export { toDocumentView } from './view.ts';
export { documentVisibleTo } from './visibility.ts';
