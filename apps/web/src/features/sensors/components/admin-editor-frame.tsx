import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { MountedRopeView } from '@rope/domain/sensors/views';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackIcon } from '../../../components/icons';
import { useFormat } from '../../../lib/format';
import type { AdminKind, AdminRecord } from '../admin-kind';
import { MountedRopeLink } from './mounted-rope-link';

interface AdminEditorFrameProps {
  kind: AdminKind;
  record: AdminRecord & { rope: MountedRopeView | null; createdAt: string };
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  /** Why the last save failed, shown under the fields. */
  failure: string | null;
  /** The record's fields. */
  children: ReactNode;
  /** Below the failure, e.g. a second row of buttons for a long form. */
  footer?: ReactNode;
}

/**
 * The edit form of an admin record: back to the list, its name with the save button, where it is mounted and since
 * when, its fields, and why a save failed.
 */
export function AdminEditorFrame({ kind, record, onSubmit, saving, failure, children, footer }: AdminEditorFrameProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Group>
          <Button variant="subtle" leftSection={<BackIcon />} component={Link} to={kind.path}>
            {t(`${kind.texts}.back`)}
          </Button>
        </Group>
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{record.name}</Title>
          <Button type="submit" loading={saving}>
            {t('common.actions.save')}
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap">
          <MountedRopeLink rope={record.rope} />
          <Text size="sm" c="dimmed">
            {t('sensors.devices.registered', { at: fmt.date(record.createdAt) })}
          </Text>
        </Group>
        {children}
        {failure ? (
          <Alert color="red" title={t(`${kind.texts}.saveError`)}>
            {failure}
          </Alert>
        ) : null}
        {footer}
      </Stack>
    </form>
  );
}
