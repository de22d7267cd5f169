import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import type { FolderView } from '@rope/domain/folders/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { showNotice } from '../../documents';
import { useSaveFolder } from '../api';
import { folderFormSpec, initialFolderValues, TRANSLATED_LANGUAGES } from '../folder-form';
import { parentCandidates } from '../folder-tree';

export type FolderDialogTarget = { mode: 'new'; parentId: number | null } | { mode: 'edit'; folder: FolderView };

interface FolderDialogProps {
  target: FolderDialogTarget | null;
  folders: readonly FolderView[];
  onClose: () => void;
}

export function FolderDialog({ target, folders, onClose }: FolderDialogProps) {
  const { t } = useTranslation();
  const folder = target?.mode === 'edit' ? target.folder : undefined;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={folder ? t('documents.folderForm.titleEdit') : t('documents.folderForm.titleNew')}
      closeButtonProps={{ 'aria-label': t('documents.folderForm.close') }}
    >
      {target ? (
        <FolderForm
          key={folder?.id ?? 'new'}
          folder={folder}
          parentId={target.mode === 'new' ? target.parentId : null}
          folders={folders}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

interface FolderFormProps {
  folder: FolderView | undefined;
  parentId: number | null;
  folders: readonly FolderView[];
  onDone: () => void;
}

function FolderForm({ folder, parentId, folders, onDone }: FolderFormProps) {
  const { t } = useTranslation();
  const save = useSaveFolder();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialFolderValues(folder, parentId),
    ...folderFormSpec,
  });
  const parents = [
    { value: '', label: t('documents.folderForm.noParent') },
    ...parentCandidates(folders, folder?.id).map((candidate) => ({
      value: String(candidate.id),
      label: candidate.displayName,
    })),
  ];
  const submit = onSubmit((body) => {
    setFailure(null);
    save.mutate(
      { id: folder?.id, folder: body },
      {
        onSuccess: () => {
          showNotice(t, 'green', t('documents.folderForm.saved'));
          onDone();
        },
        onError: (error) => {
          if (!showServerErrors(error)) setFailure(failureText(t, error, t('documents.folderForm.tryLater')));
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <LimitedTextInput
          label={t('documents.folderForm.name')}
          withAsterisk
          limit={NAME_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps('name')}
        />
        {TRANSLATED_LANGUAGES.map((language) => (
          <LimitedTextInput
            key={language}
            label={t('documents.folderForm.translation', { language: t(`documents.languages.${language}`) })}
            withAsterisk
            limit={NAME_MAX_LENGTH}
            {...form.getInputProps(language)}
          />
        ))}
        <Select
          label={t('documents.folderForm.parent')}
          data={parents}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('parent')}
        />
        {failure ? (
          <Alert color="red" title={t('documents.folderForm.saveError')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('documents.folderForm.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('documents.folderForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
