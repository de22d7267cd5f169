import { Alert, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import type { DocumentView } from '@rope/domain/documents/views';
import { LANGUAGE_IDS } from '@rope/domain/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/failure-text';
import { usePatchDocument } from '../api';
import { toLocation } from '../document-logic';
import { showNotice } from '../notice';
import { useLastShown } from '../use-last-shown';

/** Which languages a document is available in (at least one); PATCH /documents/{id} {document: {location}}. */
export function LanguagesDialog({ document: asked, onClose }: { document: DocumentView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const document = useLastShown(asked);
  return (
    <Modal
      opened={asked !== null}
      onClose={onClose}
      title={document ? t('documents.languages.title', { name: document.name }) : ''}
      closeButtonProps={{ 'aria-label': t('documents.languages.cancel') }}
    >
      {document ? <LanguagesForm key={document.id} document={document} onDone={onClose} /> : null}
    </Modal>
  );
}

function LanguagesForm({ document, onDone }: { document: DocumentView; onDone: () => void }) {
  const { t } = useTranslation();
  const patch = usePatchDocument();
  const [chosen, setChosen] = useState<string[]>([...document.languages]);
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    if (chosen.length === 0) {
      setProblem(t('documents.languages.atLeastOne'));
      return;
    }
    setProblem(null);
    patch.mutate(
      { id: document.id, location: toLocation(chosen) },
      {
        onSuccess: () => {
          showNotice(t, 'green', t('documents.languages.saved'));
          onDone();
        },
        onError: (error) => setProblem(failureText(t, error, t('documents.languages.saveError'))),
      },
    );
  };
  return (
    <Stack gap="md">
      <Checkbox.Group label={t('documents.languages.label')} value={chosen} onChange={setChosen} withAsterisk>
        <Stack gap="xs" mt="xs">
          {LANGUAGE_IDS.map((language) => (
            <Checkbox key={language} value={language} label={t(`documents.languages.${language}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      {problem ? <Alert color="red">{problem}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('documents.languages.cancel')}
        </Button>
        <Button onClick={save} loading={patch.isPending}>
          {t('documents.languages.save')}
        </Button>
      </Group>
    </Stack>
  );
}
