import { Alert, Button, Center, Grid, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { FolderView } from '@rope/domain/folders/views';
import { parseId } from '@rope/domain/ids';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm-delete';
import { failureText } from '../../../lib/failure-text';
import { useCan } from '../../../lib/session/session';
import { DocumentsPanel, showNotice } from '../../documents';
import { useDeleteFolder, useFolders } from '../api';
import { FolderDialog, type FolderDialogTarget } from '../components/folder-dialog';
import { FolderTreeNav } from '../components/folder-tree-nav';
import { buildFolderTree, folderPath, linkedFolderId } from '../folder-tree';

/**
 * /general-documents[/:folderId[/:documentId]] and /general-documents/:projectId/:folder/:documentId (see
 * linkedFolderId): folders with sub-folders and their documents; admins edit them.
 */
export function GeneralDocumentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const folderId = linkedFolderId(params);
  const selectedId = folderId === null || Number.isNaN(folderId) ? null : folderId;
  // A document segment that is no id names a missing document (NaN), which the panel says it cannot find.
  const documentId = params.documentId === undefined ? null : parseId(params.documentId);
  const folders = useFolders();
  const canEdit = useCan('FOLDER_EDIT');
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<FolderDialogTarget | null>(null);
  const remove = useDeleteFolder();
  const all = folders.data ?? [];
  const tree = useMemo(() => buildFolderTree(all), [all]);
  const path = folderPath(all, selectedId);
  const openIds = new Set(path.map((folder) => folder.id));
  const selected = path.at(-1);
  // A link to a folder that is not (or no longer) there says so rather than showing every folder's documents.
  const missing =
    folderId !== null && (Number.isNaN(folderId) || (folders.isSuccess && !all.some((f) => f.id === folderId)));

  const askDelete = (folder: FolderView) => {
    const subFolders = all.filter((candidate) => candidate.parentFolder?.id === folder.id).length;
    if (folder.documentCount > 0 || subFolders > 0) {
      showNotice(
        t,
        'yellow',
        t('documents.general.deleteNotEmpty', {
          documents: t('documents.widget.count', { count: folder.documentCount }),
          folders: t('documents.general.folderCount', { count: subFolders }),
        }),
      );
      return;
    }
    confirmDelete({
      title: t('documents.general.deleteTitle'),
      message: t('documents.general.deleteMessage'),
      confirmLabel: t('documents.actions.delete'),
      cancelLabel: t('documents.actions.cancel'),
      onConfirm: () =>
        remove.mutate(folder.id, {
          onSuccess: () => {
            showNotice(t, 'green', t('documents.general.deleted'));
            if (folder.id === selectedId) navigate('/general-documents', { replace: true });
          },
          onError: (error) => showNotice(t, 'red', failureText(t, error, t('documents.folderForm.tryLater'))),
        }),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('documents.general.title')}</Title>
        {canEdit ? (
          <Switch
            label={t('documents.general.edit')}
            checked={editing}
            onChange={(event) => setEditing(event.currentTarget.checked)}
          />
        ) : null}
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm" radius="md" component="nav" aria-label={t('documents.general.folders')}>
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {t('documents.general.folders')}
                </Title>
                {editing ? (
                  <Button size="compact-sm" variant="light" onClick={() => setDialog({ mode: 'new', parentId: null })}>
                    {t('documents.general.addFolder')}
                  </Button>
                ) : null}
              </Group>
              <Button
                variant={selectedId === null ? 'light' : 'subtle'}
                justify="flex-start"
                onClick={() => navigate('/general-documents')}
              >
                {t('documents.general.allFolders')}
              </Button>
              {folders.isPending ? (
                <Center>
                  <Loader size="sm" aria-label={t('app.loading')} />
                </Center>
              ) : null}
              {folders.isError ? <Alert color="red">{t('documents.general.loadError')}</Alert> : null}
              {folders.data && all.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('documents.general.noFolders')}
                </Text>
              ) : null}
              <FolderTreeNav
                nodes={tree}
                selectedId={selectedId}
                openIds={openIds}
                editing={editing}
                onAdd={(parentId) => setDialog({ mode: 'new', parentId })}
                onEdit={(folder) => setDialog({ mode: 'edit', folder })}
                onDelete={askDelete}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {missing ? (
            <Alert color="yellow" title={t('documents.general.folderMissingTitle')}>
              {t('documents.general.folderMissing')}
            </Alert>
          ) : (
            <DocumentsPanel
              key={selectedId ?? 'all'}
              source={{ kind: 'general', folderId: selectedId ?? undefined }}
              title={
                selected
                  ? t('documents.general.documentsIn', { name: selected.displayName })
                  : t('documents.general.allFolders')
              }
              order={2}
              uploadTarget={selectedId !== null ? { targetType: 'folder', targetId: selectedId } : undefined}
              writable={canEdit && editing}
              openDocumentId={documentId}
              onViewerClosed={() => {
                if (documentId !== null)
                  navigate(selectedId ? `/general-documents/${selectedId}` : '/general-documents', { replace: true });
              }}
            />
          )}
        </Grid.Col>
      </Grid>
      <FolderDialog target={dialog} folders={all} onClose={() => setDialog(null)} />
    </Stack>
  );
}
