import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface EditorFooterProps {
  /** Why the last save failed, shown above the buttons under failureTitle. */
  failure: string | null;
  failureTitle: string;
  /** A read-only editor only closes. */
  readOnly?: boolean;
  saving: boolean;
  onDone: () => void;
  /** Absent when the user may not delete. */
  remove?: { label: string; onClick: () => void; pending: boolean };
}

/** The end of an editor's form: the save error, delete on the left, close or cancel and save on the right. */
export function EditorFooter({ failure, failureTitle, readOnly = false, saving, onDone, remove }: EditorFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {failure ? (
        <Alert color="red" title={failureTitle} style={{ whiteSpace: 'pre-line' }}>
          {failure}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Group>
          {remove ? (
            <Button color="red" variant="light" onClick={remove.onClick} loading={remove.pending}>
              {remove.label}
            </Button>
          ) : null}
        </Group>
        <Group>
          <Button variant="default" onClick={onDone}>
            {readOnly ? t('common.actions.close') : t('common.actions.cancel')}
          </Button>
          {readOnly ? null : (
            <Button type="submit" loading={saving}>
              {t('common.actions.save')}
            </Button>
          )}
        </Group>
      </Group>
    </>
  );
}
