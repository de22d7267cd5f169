import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete';
import { failureText } from '../../lib/failure-text';

type Kind = 'areas' | 'installations' | 'ropes';

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
      title: t(`${kind}.delete.title`),
      message: t(`${kind}.delete.confirm`),
      confirmLabel: t('common.actions.delete'),
      cancelLabel: t('common.actions.cancel'),
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t(`${kind}.delete.done`) });
            handlers.onDeleted();
          },
          onError: (error) => handlers.onFailure(failureText(t, error, t('common.tryLater'))),
        }),
    });
}
