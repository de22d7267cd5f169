import { parseId } from '@rope/domain/ids';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { NearViewport } from '../../../components/near-viewport';
import { useAddressParams } from '../../../lib/address-params';
import { useCan } from '../../../lib/session/session';

// The widget's code loads when the page is scrolled near it.
const DocumentsPanel = lazy(() => import('./documents-panel').then((module) => ({ default: module.DocumentsPanel })));
/** About the widget's height with a few documents, so the page does not jump when it arrives. */
const WIDGET_MIN_HEIGHT = 180;
export const DOCUMENT_PARAM = 'document';

interface TargetDocumentsProps {
  targetType: 'area' | 'installation' | 'rope';
  targetId: number;
  /** The target or one above it is archived: documents are shown, not changed. */
  archived: boolean;
  title?: string;
}

/**
 * The documents widget of an area, installation or rope page; `?document={id}` (a search result's link) loads the
 * widget at once, wherever it sits on the page, and opens that document in the viewer.
 */
export function TargetDocuments({ targetType, targetId, archived, title }: TargetDocumentsProps) {
  const { t } = useTranslation();
  const canWrite = useCan('DOMAIN_WRITE');
  const [params, setParams] = useAddressParams();
  // A link that names no valid id is a link to a missing document: NaN, which the panel says it cannot find.
  const linked = params.has(DOCUMENT_PARAM) ? parseId(params.get(DOCUMENT_PARAM) ?? undefined) : null;
  const heading = title ?? t('documents.widget.title');
  const forgetLink = () => {
    if (!params.has(DOCUMENT_PARAM)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DOCUMENT_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  return (
    <NearViewport title={heading} minHeight={WIDGET_MIN_HEIGHT} now={linked !== null}>
      <DocumentsPanel
        source={{ kind: 'target', targetType, targetId }}
        title={heading}
        titleSize="h3"
        uploadTarget={{ targetType, targetId }}
        writable={canWrite && !archived}
        openDocumentId={linked}
        onViewerClosed={forgetLink}
      />
    </NearViewport>
  );
}
