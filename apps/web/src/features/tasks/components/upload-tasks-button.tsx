import { Button, FileButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatSheetDay } from '@rope/domain/locale-format';
import { TASK_IMPORT_COLUMNS } from '@rope/domain/tasks/csv-texts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-text';
import { useSheetUrl } from '../../../lib/sheet-query';
import { useUploadTasks } from '../api';

// The rope comes from the page; the other columns a file of this rope may have.
const COLUMNS = TASK_IMPORT_COLUMNS.filter((column) => column !== 'ropeId');
const REQUIRED = new Set<string>(['title', 'description']);

/**
 * Creates tasks from a .csv file: a dialog that names the columns (in the session's language; English and the other
 * languages' names are read too), offers the template and sends the file; the server's message (row and column) in
 * error colour, or the count.
 */
export function UploadTasksButton({ ropeId }: { ropeId: number }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const sheet = useSheetUrl();
  const upload = useUploadTasks(ropeId);
  const [opened, setOpened] = useState(false);
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
    <>
      <Button
        variant="default"
        onClick={() => {
          setOutcome(null);
          setOpened(true);
        }}
      >
        {t('tasks.upload.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('tasks.upload.title')}
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': t('common.actions.close') }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('tasks.upload.intro')}</Text>
          <List size="sm" aria-label={t('tasks.upload.columns')}>
            {COLUMNS.map((column) => (
              <List.Item key={column}>
                {t(`csv.tasks.columns.${column}`)} (
                {REQUIRED.has(column) ? t('tasks.upload.required') : t('tasks.upload.optional')})
              </List.Item>
            ))}
          </List>
          <Text size="sm">
            {t('tasks.upload.formats', {
              day: formatSheetDay({ year: 2026, month: 12, day: 15 }, sheet.language),
              number: (600000).toLocaleString(sheet.language),
            })}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Button component="a" variant="default" href={`/api${sheet.url('/tasks/upload-template')}`} download>
              {t('tasks.upload.template')}
            </Button>
            <FileButton onChange={send} accept=".csv,.txt,text/csv,text/plain">
              {(props) => (
                <Button
                  color={outcome ? (outcome.ok ? 'green' : 'red') : undefined}
                  loading={upload.isPending}
                  {...props}
                >
                  {t('tasks.upload.choose')}
                </Button>
              )}
            </FileButton>
          </Group>
          {outcome ? (
            <Text size="sm" c={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.text}
            </Text>
          ) : null}
        </Stack>
      </Modal>
    </>
  );
}
