import { Alert, Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type FieldLabel, issueProblems, problemLines } from '../../../lib/field-problems';
import { downloadJson, parseSettingsFile } from '../settings-file';

interface SettingsFileButtonsProps<T> {
  schema: z.ZodType<T>;
  /** The file to download: named after the item, with what the form shows. */
  download: () => { fileName: string; data: unknown };
  /** A valid file: fill the form with it (the normal save keeps it). */
  onLoaded: (value: T) => void;
  /** Names a problem's field as the form labels it. */
  fieldLabel: FieldLabel;
  readOnly: boolean;
}

type LoadState = { phase: 'idle' } | { phase: 'loaded' } | { phase: 'invalid'; notJson: boolean; problems: string[] };

/** JSON download and load of installation or rope settings; a bad file changes nothing and says what is wrong. */
export function SettingsFileButtons<T>({
  schema,
  download,
  onLoaded,
  fieldLabel,
  readOnly,
}: SettingsFileButtonsProps<T>) {
  const { t } = useTranslation();
  const [state, setState] = useState<LoadState>({ phase: 'idle' });
  const load = async (file: File | null) => {
    if (!file) return;
    const parsed = parseSettingsFile(await file.text(), schema);
    if (!parsed.ok) {
      const problems = problemLines(issueProblems(t, parsed.issues), fieldLabel);
      setState({ phase: 'invalid', notJson: parsed.notJson, problems });
      return;
    }
    onLoaded(parsed.value);
    setState({ phase: 'loaded' });
  };
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          onClick={() => {
            const { fileName, data } = download();
            downloadJson(fileName, data);
          }}
        >
          {t('installations.settingsFile.download')}
        </Button>
        {readOnly ? null : (
          <FileButton onChange={(file) => void load(file)} accept="application/json">
            {(props) => (
              <Button {...props} variant="default" size="xs">
                {t('installations.settingsFile.load')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {state.phase === 'invalid' ? (
        <Alert color="red" title={t('installations.settingsFile.invalid')} role="alert">
          {state.notJson ? (
            <Text size="sm">{t('installations.settingsFile.notJson')}</Text>
          ) : (
            <List size="sm">
              {state.problems.slice(0, 20).map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      ) : null}
      {state.phase === 'loaded' ? (
        <Alert color="blue" role="status">
          {t('installations.settingsFile.loaded')}
        </Alert>
      ) : null}
    </Stack>
  );
}
