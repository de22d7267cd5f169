// The feature's public file: other features and the router import it, never the files behind it (lazy screens,
// sections and dialogs excepted: .dependency-cruiser.cjs).
export {
  type DocumentList,
  documentKeys,
  documentsQuery,
  fetchDocuments,
  useRefreshDocuments,
} from './api';
export { DocumentsPanel } from './components/documents-panel';
export { TargetDocuments } from './components/target-documents';
export { documentFileLanguage, documentFileUrl, previewKind } from './document-logic';
export { showNotice } from './notice';
