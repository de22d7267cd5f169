import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenAlert } from '../../../components/screen-alert';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { useMandators } from '../api';
import { MandatorDialog, type MandatorDialogTarget } from '../components/mandator-dialog';
import { MandatorsTable } from '../components/mandators-table';

/** /mandators: admins keep the list of tenants. */
export function MandatorsPage() {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const canManage = useCan('MANDATOR_MANAGE');
  const mandators = useMandators(canManage);
  const [dialog, setDialog] = useState<MandatorDialogTarget | null>(null);

  if (sessionUser && !canManage)
    return (
      <ScreenAlert title={t('common.fields.mandators')} color="yellow">
        {t('mandators.forbidden')}
      </ScreenAlert>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('common.fields.mandators')}</Title>
        <Button onClick={() => setDialog({ mode: 'new' })}>{t('mandators.add')}</Button>
      </Group>
      {mandators.isError ? <Alert color="red">{t('mandators.loadError')}</Alert> : null}
      <MandatorsTable
        mandators={mandators.data ?? []}
        loading={mandators.isPending && canManage}
        onEdit={(mandator) => setDialog({ mode: 'edit', mandator })}
      />
      <MandatorDialog target={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
