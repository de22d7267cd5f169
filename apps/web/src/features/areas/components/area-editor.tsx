import { SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AreaView } from '@rope/domain/hierarchy/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorFooter } from '../../../components/editor-footer';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { useCan } from '../../../lib/session/session';
import { useDeleteArea, useSaveArea } from '../api';
import { areaFormSpec, initialAreaValues, toAreaInput, toNewAreaInput } from '../area-form';
import { useConfirmHierarchyDelete } from '../confirm-hierarchy-delete';
import { AreaIdentityFields } from './area-identity-fields';
import { AreaMapFields } from './area-map-fields';

interface AreaEditorProps {
  area?: AreaView;
  onDone: () => void;
  onDeleted: () => void;
}

export function AreaEditor({ area, onDone, onDeleted }: AreaEditorProps) {
  const { t } = useTranslation();
  const fullEdit = useCan('AREA_FULL_EDIT');
  const save = useSaveArea();
  const remove = useDeleteArea();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialAreaValues(area),
    ...areaFormSpec(fullEdit),
  });

  const submit = onSubmit((_area, values) => {
    setFailure(null);
    save.mutate(
      area ? { id: area.id, area: toAreaInput(values, fullEdit) } : { id: undefined, area: toNewAreaInput(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('areas.dialog.saved') });
          onDone();
        },
        // Field errors show at their fields, under their labels; the alert is for everything else.
        onError: (error) => {
          if (!showServerErrors(error)) setFailure(failureText(t, error, t('common.tryLater')));
        },
      },
    );
  });

  const askDelete = useConfirmHierarchyDelete('areas', remove, { onDeleted, onFailure: setFailure });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <AreaIdentityFields form={form} area={area} fullEdit={fullEdit} />
          <AreaMapFields form={form} />
        </SimpleGrid>
        <EditorFooter
          failure={failure}
          failureTitle={t('areas.dialog.saveError')}
          saving={save.isPending}
          onDone={onDone}
          remove={
            area && fullEdit
              ? { label: t('common.actions.delete'), onClick: () => askDelete(area.id), pending: remove.isPending }
              : undefined
          }
        />
      </Stack>
    </form>
  );
}
