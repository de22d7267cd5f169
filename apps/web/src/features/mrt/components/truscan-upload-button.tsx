import { Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/failure-text';
import { useFormat } from '../../../lib/format';
import { refreshAfterChange } from '../../events';
import { uploadTruscanFiles } from '../api';
import { type UploadProgress, uploadProgress } from '../upload-progress';

type Outcome = { kind: 'success' } | { kind: 'error'; message: string } | null;

/**
 * Uploads several TRUscan files at once with their progress and speed. Afterwards the button keeps the success or
 * the error colour until the next try; a refusal shows the server's message (it names the file).
 */
export function TruscanUploadButton({ ropeId }: { ropeId: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setOutcome(null);
    setProgress({ percent: 0, kibPerSecond: undefined });
    const started = performance.now();
    try {
      const answer = await uploadTruscanFiles(ropeId, files, (loaded, total) =>
        setProgress(uploadProgress(loaded, total, performance.now() - started)),
      );
      setOutcome({ kind: 'success' });
      const saved = answer.measurements.filter((measurement) => measurement.isNew).length;
      notifications.show({
        color: 'green',
        closeButtonProps: { 'aria-label': t('common.actions.close') },
        message: t('events.truscan.done', {
          count: saved,
          candidates: t('events.truscan.candidates', {
            count: answer.measurements.reduce((n, m) => n + m.candidateCount, 0),
          }),
        }),
      });
      refreshAfterChange(queryClient, ropeId, answer.ropeChanged);
    } catch (error) {
      setOutcome({ kind: 'error', message: failureText(t, error, t('events.truscan.tryLater')) });
    } finally {
      setProgress(null);
    }
  };

  const colour = outcome?.kind === 'success' ? 'green' : outcome?.kind === 'error' ? 'red' : undefined;
  return (
    <Stack gap={4} align="flex-start">
      <FileButton onChange={upload} multiple accept=".mea,application/octet-stream">
        {(props) => (
          <Button
            {...props}
            variant={colour ? 'filled' : 'default'}
            color={colour}
            loading={progress !== null}
            data-outcome={outcome?.kind}
          >
            {t('events.truscan.upload')}
          </Button>
        )}
      </FileButton>
      {progress ? (
        <>
          <Progress w="100%" value={progress.percent} size="sm" aria-label={t('events.truscan.progress')} animated />
          <Text size="xs" c="dimmed" aria-live="polite" data-testid="truscan-upload-progress">
            {progress.kibPerSecond === undefined
              ? t('events.truscan.uploading', { percent: progress.percent })
              : t('events.truscan.uploadingSpeed', {
                  percent: progress.percent,
                  speed: fmt.number(progress.kibPerSecond, 0),
                })}
          </Text>
        </>
      ) : null}
      {outcome?.kind === 'error' ? (
        <Text size="xs" c="red" role="alert" maw={360}>
          {outcome.message}
        </Text>
      ) : null}
    </Stack>
  );
}
