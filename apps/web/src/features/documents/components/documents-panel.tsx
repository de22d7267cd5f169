import {
  ActionIcon,
  Alert,
  Box,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DOCUMENT_LIST_MAX_HEIGHT } from '@rope/domain/documents/kinds';
import type { DocumentView } from '@rope/domain/documents/views';
import { type Language, languageIdByLocale } from '@rope/domain/languages';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { failureText } from '../../../lib/failure-text';
import { DataAge } from '../../field';
import { type DocumentSource, useDeleteDocument, useDocuments } from '../api';
import { filterDocuments, newFirst } from '../document-logic';
import { showNotice } from '../notice';
import type { UploadTarget } from '../upload';
import { DocumentRow } from './document-row';
import { DocumentViewer } from './document-viewer';
import { ImageGallery } from './image-gallery';
import { LanguagesDialog } from './languages-dialog';
import { UploadButton } from './upload-button';

export interface DocumentsPanelProps {
  source: DocumentSource;
  title: string;
  /** The title's level: 2 as a section of a screen, 3 inside a dialog (whose own title is the h2). */
  order?: 2 | 3;
  /** Drawn at another heading's size (a screen's sections are drawn at h3's). */
  titleSize?: 'h3' | 'h4';
  /** Where uploads go; none: no upload button. */
  uploadTarget?: UploadTarget;
  /** Writers may upload, change languages and delete (each document says what the reader may do too). */
  writable: boolean;
  showAs?: number | null;
  /**
   * A deep link's document, opened in the viewer once the list has it; one the list lacks (NaN: no id at all) is
   * said to be missing above the list.
   */
  openDocumentId?: number | null;
  onViewerClosed?: () => void;
  /** More controls beside the title (general documents: the admins' edit toggle). */
  extra?: ReactNode;
  /** The event gallery: images as thumbnails above the list. */
  gallery?: boolean;
}

/**
 * The documents widget and list dialog: a filter on names (case-insensitive), the list at most 400 high, new
 * documents bold and first, a full-screen view, preview in place, languages, upload and delete.
 */
export function DocumentsPanel(props: DocumentsPanelProps) {
  const {
    source,
    title,
    order = 2,
    titleSize,
    uploadTarget,
    writable,
    showAs = null,
    openDocumentId,
    onViewerClosed,
    extra,
    gallery,
  } = props;
  const { t, i18n } = useTranslation();
  const language = languageIdByLocale[(i18n.resolvedLanguage ?? 'en-US') as Language] ?? 'ENU';
  const list = useDocuments(source, showAs);
  const remove = useDeleteDocument();
  const [filter, setFilter] = useState('');
  const [debounced] = useDebouncedValue(filter, 50);
  const [fullScreen, setFullScreen] = useState(false);
  const [viewing, setViewing] = useState<DocumentView | null>(null);
  const [languages, setLanguages] = useState<DocumentView | null>(null);
  const documents = newFirst(filterDocuments(list.data?.documents ?? [], debounced));

  const linked = openDocumentId ? list.data?.documents.find((document) => document.id === openDocumentId) : undefined;
  const linkMissing = openDocumentId != null && list.isSuccess && !linked;
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked) setViewing(linked);
  }, [linked]);
  // The list the link pointed into is where the user lands: its message in view, or the list after the viewer.
  useEffect(() => {
    if (linkMissing) panel.current?.scrollIntoView({ block: 'start' });
  }, [linkMissing]);

  const backToList = useRef(false);
  const closeViewer = () => {
    backToList.current = viewing !== null && viewing.id === openDocumentId;
    setViewing(null);
    onViewerClosed?.();
  };
  // After the dialog has gone: while it is open the page is locked, and unlocking restores the old scroll position.
  const viewerClosed = () => {
    if (!backToList.current) return;
    backToList.current = false;
    requestAnimationFrame(() => panel.current?.scrollIntoView({ block: 'start' }));
  };
  const askDelete = (document: DocumentView) =>
    confirmDelete({
      title: t('documents.actions.deleteTitle'),
      message: t('documents.actions.deleteMessage', { name: document.name }),
      confirmLabel: t('documents.actions.delete'),
      cancelLabel: t('documents.actions.cancel'),
      onConfirm: () =>
        remove.mutate(document.id, {
          onSuccess: () => showNotice(t, 'green', t('documents.actions.deleted')),
          onError: (error) => showNotice(t, 'red', failureText(t, error, t('documents.actions.deleteError'))),
        }),
    });

  const body = (maxHeight: number | undefined) => {
    if (list.isPending) return <Loader size="sm" aria-label={t('app.loading')} />;
    if (list.isError) return <Alert color="red">{t('documents.widget.loadError')}</Alert>;
    if ((list.data?.documents.length ?? 0) === 0)
      return (
        <Text c="dimmed" size="sm">
          {t('documents.widget.empty')}
        </Text>
      );
    if (documents.length === 0)
      return (
        <Text c="dimmed" size="sm">
          {t('documents.widget.noMatch')}
        </Text>
      );
    const rows = (
      <Box component="ul" aria-label={t('documents.widget.label')} m={0} p={0} style={{ listStyle: 'none' }}>
        {documents.map((document) => (
          <DocumentRow
            key={document.id}
            document={document}
            language={language}
            editable={writable}
            onOpen={setViewing}
            onLanguages={setLanguages}
            onDelete={askDelete}
          />
        ))}
      </Box>
    );
    return maxHeight ? (
      <ScrollArea.Autosize mah={maxHeight} type="auto" scrollbars="y" offsetScrollbars="present">
        {rows}
      </ScrollArea.Autosize>
    ) : (
      rows
    );
  };

  const controls = (
    <Group gap="xs" wrap="wrap" align="flex-start">
      <TextInput
        size="xs"
        aria-label={t('documents.widget.filter')}
        placeholder={t('documents.widget.filterPlaceholder')}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        w={200}
        maw="100%"
      />
      {uploadTarget && writable ? <UploadButton target={uploadTarget} /> : null}
    </Group>
  );

  return (
    <Paper ref={panel} withBorder p="md" radius="md" data-testid="documents-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={order} size={titleSize}>
              {title}
            </Title>
            {list.data ? (
              <Text size="sm" c="dimmed">
                {t('documents.widget.count', { count: list.data.documents.length })}
              </Text>
            ) : null}
          </Group>
          <Group gap="xs">
            {extra}
            <Tooltip label={t('documents.widget.fullScreen')}>
              <ActionIcon
                variant="default"
                aria-label={t('documents.widget.fullScreen')}
                onClick={() => setFullScreen(true)}
              >
                <FullScreenIcon />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <DataAge fetchedAt={list.dataUpdatedAt} testId="section-age" />
        {linkMissing ? (
          <Alert
            color="yellow"
            role="alert"
            withCloseButton
            closeButtonLabel={t('common.actions.close')}
            onClose={() => onViewerClosed?.()}
          >
            {t('documents.viewer.notFound')}
          </Alert>
        ) : null}
        {controls}
        {gallery ? <ImageGallery documents={documents} language={language} onOpen={setViewing} /> : null}
        {body(DOCUMENT_LIST_MAX_HEIGHT)}
      </Stack>
      <Modal
        opened={fullScreen}
        onClose={() => setFullScreen(false)}
        fullScreen
        title={title}
        closeButtonProps={{ 'aria-label': t('documents.widget.closeFullScreen') }}
      >
        <Stack gap="sm">
          {controls}
          {body(undefined)}
        </Stack>
      </Modal>
      <DocumentViewer document={viewing} onClose={closeViewer} onClosed={viewerClosed} />
      <LanguagesDialog document={languages} onClose={() => setLanguages(null)} />
    </Paper>
  );
}

function FullScreenIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </svg>
  );
}
