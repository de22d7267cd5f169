import { Alert, Button, Group, Image, Modal, Stack } from '@mantine/core';
import type { DocumentView } from '@rope/domain/documents/views';
import { type Language, languageIdByLocale } from '@rope/domain/languages';
import { useTranslation } from 'react-i18next';
import { documentFileUrl, previewKind } from '../document-logic';
import { useLastShown } from '../use-last-shown';
import { LanguageBadges } from './language-badges';

/**
 * A document shown in place, full screen: PDF in an embedded frame, an image, a video (the server answers Range
 * requests, so it seeks); anything else offers its download.
 */
interface DocumentViewerProps {
  document: DocumentView | null;
  onClose: () => void;
  /** The dialog is gone, its transition over and the page scrollable again. */
  onClosed?: () => void;
}

export function DocumentViewer({ document: asked, onClose, onClosed }: DocumentViewerProps) {
  const { t, i18n } = useTranslation();
  // The last document stays while the dialog closes, so it keeps its name to the end of its transition.
  const document = useLastShown(asked);
  const language = languageIdByLocale[(i18n.resolvedLanguage ?? 'en-US') as Language] ?? 'ENU';
  const kind = document ? previewKind(document) : 'download';
  const src = document ? documentFileUrl(document, language) : '';
  return (
    <Modal
      opened={asked !== null}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      fullScreen
      title={document?.name ?? ''}
      closeButtonProps={{ 'aria-label': t('documents.viewer.close') }}
      styles={{ body: { height: 'calc(100dvh - 70px)' } }}
    >
      {document ? (
        <Stack gap="sm" h="100%">
          <Group justify="space-between">
            <LanguageBadges languages={document.languages} />
            <Button component="a" href={documentFileUrl(document, language, true)} variant="default" size="xs">
              {t('documents.actions.download')}
            </Button>
          </Group>
          {kind === 'pdf' ? (
            <iframe
              src={src}
              title={t('documents.viewer.frameTitle', { name: document.name })}
              style={{ flex: 1, width: '100%', border: 0, minHeight: 300 }}
              data-testid="document-preview-pdf"
            />
          ) : null}
          {kind === 'image' ? (
            <Image
              src={src}
              alt={document.name}
              fit="contain"
              style={{ flex: 1, minHeight: 0, maxHeight: '100%' }}
              data-testid="document-preview-image"
            />
          ) : null}
          {kind === 'video' ? (
            // biome-ignore lint/a11y/useMediaCaption: documents are uploaded files; no captions exist for them
            <video
              src={src}
              controls
              preload="metadata"
              style={{ flex: 1, minHeight: 0, maxWidth: '100%' }}
              data-testid="document-preview-video"
            />
          ) : null}
          {kind === 'download' ? <Alert color="blue">{t('documents.viewer.noPreview')}</Alert> : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
