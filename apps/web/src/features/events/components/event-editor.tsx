import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenedOnce } from '../../../components/opened-once';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { type EventBody, refreshAfterChange, useSaveEvent } from '../api';
import { eventFormSpec, initialEventValues } from '../event-form';
import { saveInspection } from '../import-xml';
import type { EventDialogTarget } from './event-dialog-target';
import { EventTabs } from './event-tabs';

const EventDocumentsDialog = lazy(() =>
  import('../../documents/components/event-documents-dialog').then((module) => ({
    default: module.EventDocumentsDialog,
  })),
);

// Loaded with the new-event dialog: the rope page's first download carries no photo code.
const PhotoPicker = lazy(() =>
  import('../../field/components/photo-picker').then((module) => ({ default: module.PhotoPicker })),
);

interface EventEditorProps {
  rope: RopeView;
  target: EventDialogTarget;
  onDone: () => void;
  onHistory: (id: number) => void;
}

/** The event form: add, edit, show, or review an imported inspection before it is saved with its damages. */
export function EventEditor({ rope, target, onDone, onHistory }: EventEditorProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessionUser = useSessionUser();
  const save = useSaveEvent(rope);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const editable = target.mode !== 'view';
  const canWriteDomain = useCan('DOMAIN_WRITE');
  const [galleryFor, setGalleryFor] = useState<number | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [scalingPhotos, setScalingPhotos] = useState(false);
  const stored = target.mode === 'edit' || target.mode === 'view' ? target.event : undefined;
  const source: EventBody | undefined = target.mode === 'import' ? target.parsed.ropeEvent : stored;
  const damages = target.mode === 'import' ? target.parsed.damages : undefined;

  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialEventValues(source, {
      recordingType: target.mode === 'new' ? target.recordingType : 'damage',
      reportedBy: sessionUser?.name ?? '',
      now: new Date(),
    }),
    ...eventFormSpec(rope.id),
  });

  // The fields show the server's messages; the line under the tabs says where to look.
  const fail = (error: unknown) => {
    if (!showServerErrors(error)) setFailure(failureText(t, error, t('events.dialog.tryLater')));
  };
  const saved = () => {
    notifications.show({ color: 'green', message: t('events.dialog.saved') });
    onDone();
  };

  const submit = onSubmit(async (body) => {
    setFailure(null);
    const { rope: _rope, ...event } = body;
    if (target.mode !== 'import') {
      // A stored event the form left as it was: only its new photos are sent (or wait on the device).
      const changed = !stored || form.isDirty();
      save.mutate(
        { id: stored?.id, event, stored, photos, changed },
        {
          onSuccess: (outcome) => {
            if (outcome.queued) {
              notifications.show({ color: 'yellow', message: t('field.outbox.queued') });
              return onDone();
            }
            if (outcome.photosQueued) {
              const message = changed ? t('field.photos.queued') : t('field.photos.queuedAlone');
              notifications.show({ color: 'yellow', message });
            }
            if (outcome.photoFailure !== undefined) {
              const reason = failureText(t, outcome.photoFailure, t('events.dialog.tryLater'));
              const message = changed
                ? t('field.photos.refused', { reason })
                : t('field.photos.refusedAlone', { reason });
              notifications.show({ color: 'red', message });
            }
            if (changed || (outcome.photoFailure === undefined && !outcome.photosQueued)) saved();
            else onDone();
          },
          onError: fail,
        },
      );
      return;
    }
    setProgress({ done: 0, total: (damages?.length ?? 0) + 1 });
    try {
      const changed = await saveInspection(rope.id, event, damages ?? [], (done, total) =>
        setProgress({ done, total }),
      );
      refreshAfterChange(queryClient, rope.id, changed);
      saved();
    } catch (error) {
      // One transaction on the server: a refused import saved nothing.
      fail(error);
    } finally {
      setProgress(null);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {stored?.attributes.isImported ? (
          <Alert color="blue" variant="light">
            {t('events.dialog.importedReadOnly')}
          </Alert>
        ) : null}
        <EventTabs
          form={form}
          rope={rope}
          editable={editable}
          isNew={!stored}
          disabled={!editable || progress !== null}
          importedDamages={damages}
        />
        {target.mode === 'new' || (target.mode === 'edit' && !stored?.isDeleted) ? (
          <Suspense fallback={null}>
            <PhotoPicker photos={photos} onChange={setPhotos} onScaling={setScalingPhotos} disabled={save.isPending} />
          </Suspense>
        ) : null}
        {Object.keys(form.errors).length > 0 ? (
          <Text size="sm" c="red">
            {t('events.dialog.checkTabs')}
          </Text>
        ) : null}
        {failure ? (
          <Alert color="red" title={t('events.dialog.saveError')}>
            {failure}
          </Alert>
        ) : null}
        {progress ? (
          <Stack gap={4}>
            <Text size="sm">{t('events.import.saving', { done: progress.done, count: progress.total })}</Text>
            <Progress value={(100 * progress.done) / progress.total} aria-label={t('events.import.progress')} />
          </Stack>
        ) : null}
        <Group justify="space-between">
          <Group>
            {stored ? (
              <Button variant="default" onClick={() => onHistory(stored.id)}>
                {t('events.dialog.history')}
              </Button>
            ) : null}
            {stored ? (
              <Button variant="default" onClick={() => setGalleryFor(stored.id)}>
                {t('documents.widget.eventTitle')}
              </Button>
            ) : null}
          </Group>
          <Group>
            <Button variant="default" onClick={onDone}>
              {editable ? t('common.actions.cancel') : t('common.actions.close')}
            </Button>
            {editable ? (
              <Button type="submit" loading={save.isPending || progress !== null} disabled={scalingPhotos}>
                {t('common.actions.save')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
      <OpenedOnce open={galleryFor !== null}>
        <EventDocumentsDialog
          eventId={galleryFor}
          writable={canWriteDomain && !stored?.isDeleted && !rope.isDeleted}
          onClose={() => setGalleryFor(null)}
        />
      </OpenedOnce>
    </form>
  );
}
