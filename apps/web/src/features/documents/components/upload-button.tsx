import { Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/failure-text';
import { useRefreshDocuments } from '../api';
import { uploadPercent } from '../document-logic';
import { showNotice } from '../notice';
import { type UploadTarget, uploadDocuments } from '../upload';

/**
 * Uploads several files at once with a progress bar. A refused upload shows the server's message and the button
 * turns to the error colour until the next try.
 */
export function UploadButton({ target, onUploaded }: { target: UploadTarget; onUploaded?: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshDocuments();
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setFailure(null);
    setPercent(0);
    try {
      const documents = await uploadDocuments(target, files, (loaded, total) =>
        setPercent(uploadPercent(loaded, total)),
      );
      showNotice(t, 'green', t('documents.upload.done', { count: documents.length }));
      onUploaded?.(documents.map((document) => document.id));
      refresh();
    } catch (error) {
      setFailure(failureText(t, error, t('documents.upload.tryLater')));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Stack gap={4}>
      <FileButton onChange={upload} multiple>
        {(props) => (
          <Button {...props} size="xs" color={failure ? 'red' : undefined} loading={percent !== null}>
            {t('documents.upload.button')}
          </Button>
        )}
      </FileButton>
      {percent !== null ? (
        <>
          <Progress value={percent} size="sm" aria-label={t('documents.upload.progress')} animated />
          <Text size="xs" c="dimmed" aria-live="polite">
            {t('documents.upload.uploading', { percent })}
          </Text>
        </>
      ) : null}
      {failure ? (
        <Text size="xs" c="red" role="alert">
          {t('documents.upload.failed')}: {failure}
        </Text>
      ) : null}
    </Stack>
  );
}
