import { Button, FileButton, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../auth/messages';
import { useUploadTasks } from '../api';

/** Creates tasks from a .csv file; the server's message (row and reason) in error colour, or the count. */
export function UploadTasksButton({ ropeId }: { ropeId: number }) {
  const { t } = useTranslation();
  const upload = useUploadTasks(ropeId);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const send = (file: File | null) => {
    if (!file) return;
    setOutcome(null);
    upload.mutate(file, {
      onSuccess: (count) => setOutcome({ ok: true, text: t('tasks.upload.done', { count: count ?? 0 }) }),
      onError: (error) =>
        setOutcome({
          ok: false,
          text:
            error instanceof ApiError && error.status >= 400 && error.status < 500
              ? t('tasks.upload.failed', { message: failureText(t, error, error.message) })
              : t('tasks.upload.tryLater'),
        }),
    });
  };
  return (
    <Group gap="sm" wrap="wrap">
      <FileButton onChange={send} accept=".csv,.txt,text/csv,text/plain">
        {(props) => (
          <Button
            variant="default"
            color={outcome ? (outcome.ok ? 'green' : 'red') : undefined}
            loading={upload.isPending}
            {...props}
          >
            {t('tasks.upload.button')}
          </Button>
        )}
      </FileButton>
      {outcome ? (
        <Text size="sm" c={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </Text>
      ) : null}
    </Group>
  );
}
