import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MAP_ZOOM_MAX, MAP_ZOOM_MIN, MAP_ZOOM_STEP } from '@rope/domain/maps';
import type { AreaView } from '@rope/domain/views/hierarchy';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { failureText, translateMessage } from '../../auth/messages';
import { useCan } from '../../auth/session';
import { mapErrors, serverFieldErrors } from '../../users/form-errors';
import { useDeleteArea, useSaveArea } from '../api';
import { type AreaFormError, type AreaFormValues, initialAreaValues, toAreaInput, validateArea } from '../area-form';
import { useConfirmHierarchyDelete } from '../confirm-hierarchy-delete';
import { AreaIdentityFields } from './area-identity-fields';
import { AreaMapFields } from './area-map-fields';

const FORM_ERRORS: readonly string[] = ['zoomRange', 'layersRequired', 'defaultLayer', 'positionIncomplete', 'invalid'];

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
  const translate = (text: string) =>
    FORM_ERRORS.includes(text)
      ? t(`areas.dialog.errors.${text as AreaFormError}`, { min: MAP_ZOOM_MIN, max: MAP_ZOOM_MAX, step: MAP_ZOOM_STEP })
      : translateMessage(t, text);

  const form = useForm<AreaFormValues>({
    mode: 'controlled',
    initialValues: initialAreaValues(area),
    validate: (values) => mapErrors(validateArea(values, fullEdit), translate),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(
      { id: area?.id, area: toAreaInput(values, fullEdit) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('areas.dialog.saved') });
          onDone();
        },
        onError: (error) => {
          // Field errors show at their fields, under their labels; the alert is for everything else.
          if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
            form.setErrors(mapErrors(serverFieldErrors(error.fields, 'area'), translate));
          } else setFailure(failureText(t, error, t('areas.tryLater')));
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
        {failure ? (
          <Alert color="red" title={t('areas.dialog.saveError')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Group>
            {area && fullEdit ? (
              <Button color="red" variant="light" onClick={() => askDelete(area.id)} loading={remove.isPending}>
                {t('areas.dialog.delete')}
              </Button>
            ) : null}
          </Group>
          <Group>
            <Button variant="default" onClick={onDone}>
              {t('areas.dialog.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('areas.dialog.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
