import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete';
import { failureText } from '../../lib/failure-text';

// Whole keys, so that the build sees which texts this code shows (build-plugins/texts-named.ts).
const DELETE_TEXTS = {
  areas: { title: 'areas.delete.title', confirm: 'areas.delete.confirm', done: 'areas.delete.done' },
  installations: {
    title: 'installations.delete.title',
    confirm: 'installations.delete.confirm',
    done: 'installations.delete.done',
  },
  ropes: { title: 'ropes.delete.title', confirm: 'ropes.delete.confirm', done: 'ropes.delete.done' },
} as const;

type Kind = keyof typeof DELETE_TEXTS;

/**
 * The delete flow of an area, installation or rope: a confirmation, then the delete, a notice on success and the
 * server's message where the editor shows failures.
 */
export function useConfirmHierarchyDelete(
  kind: Kind,
  remove: Pick<UseMutationResult<unknown, Error, number>, 'mutate'>,
  handlers: { onDeleted: () => void; onFailure: (text: string) => void },
) {
  const { t } = useTranslation();
  return (id: number) =>
    confirmDelete({
      title: t(DELETE_TEXTS[kind].title),
      message: t(DELETE_TEXTS[kind].confirm),
      confirmLabel: t('common.actions.delete'),
      cancelLabel: t('common.actions.cancel'),
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t(DELETE_TEXTS[kind].done) });
            handlers.onDeleted();
          },
          onError: (error) => handlers.onFailure(failureText(t, error, t('common.tryLater'))),
        }),
    });
}
