import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../lib/failure-text';
import { problemLines, serverProblems, settingsFieldLabel } from '../../lib/field-problems';
import { hasFieldErrors } from '../../lib/messages';
import { useCan } from '../../lib/session/session';
import { useConfirmHierarchyDelete } from '../areas';

const ENTITY = { installations: 'installation', ropes: 'rope' } as const;

// Whole keys, so that the build sees which texts this code shows (build-plugins/texts-named.ts).
const SAVE_TEXTS = {
  installations: { saved: 'installations.settings.saved', saveError: 'installations.settings.saveError' },
  ropes: { saved: 'ropes.settings.saved', saveError: 'ropes.settings.saveError' },
} as const;

interface SettingsEditorOptions<Update> {
  update: Pick<UseMutationResult<unknown, Error, Update>, 'mutate' | 'isPending'>;
  remove: Pick<UseMutationResult<unknown, Error, number>, 'mutate' | 'isPending'>;
  onDone: () => void;
  onDeleted: () => void;
}

/**
 * The save and delete of an installation or rope settings editor: a saved change says so and closes the editor, a
 * refused one is shown above the buttons, a delete asks first. Gives the footer's props but `readOnly`.
 */
export function useSettingsEditor<Update>(
  feature: keyof typeof ENTITY,
  id: number,
  { update, remove, onDone, onDeleted }: SettingsEditorOptions<Update>,
) {
  const { t, i18n } = useTranslation();
  const canDelete = useCan('AREA_FULL_EDIT');
  const [failure, setFailure] = useState<string | null>(null);
  const fieldLabel = settingsFieldLabel(t, (key) => i18n.exists(key), feature, ENTITY[feature]);
  const confirmDeletion = useConfirmHierarchyDelete(feature, remove, { onDeleted, onFailure: setFailure });

  // A refused save lists its fields by their labels, never by the API's paths.
  const saveFailure = (error: unknown) =>
    hasFieldErrors(error)
      ? problemLines(serverProblems(t, error), fieldLabel).join('\n')
      : failureText(t, error, t('common.tryLater'));

  const save = (variables: Update) => {
    setFailure(null);
    update.mutate(variables, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t(SAVE_TEXTS[feature].saved) });
        onDone();
      },
      onError: (error) => setFailure(saveFailure(error)),
    });
  };

  const footer = {
    failure,
    failureTitle: t(SAVE_TEXTS[feature].saveError),
    saving: update.isPending,
    onDone,
    remove: canDelete
      ? { label: t('common.actions.delete'), onClick: () => confirmDeletion(id), pending: remove.isPending }
      : undefined,
  };
  return { fieldLabel, save, footer };
}
