import { Alert, Badge, Button, Code, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiKeyView } from '@rope/domain/users/api-keys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { failureText } from '../../../lib/failure-text';
import { useFormat } from '../../../lib/format';
import { useApiKeys, useRevokeApiKey } from '../api-keys-api';
import { NewApiKeyDialog } from './new-api-key-dialog';

type KeyState = 'active' | 'ended' | 'revoked';
const STATE_COLORS: Record<KeyState, string> = { active: 'green', ended: 'orange', revoked: 'gray' };

const stateOf = (key: ApiKeyView, now: number): KeyState =>
  key.revokedAt ? 'revoked' : key.expiresAt && Date.parse(key.expiresAt) <= now ? 'ended' : 'active';

/** The keys of an API user (admins): made here, shown once, revoked here; the role and mandators are the user's. */
export function ApiKeysSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const keys = useApiKeys(userId);
  const revoke = useRevokeApiKey(userId);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const now = Date.now();

  const askRevoke = (key: ApiKeyView) =>
    confirmDelete({
      title: t('users.apiKeys.revokeTitle'),
      message: t('users.apiKeys.revokeConfirm', { name: key.name }),
      confirmLabel: t('users.apiKeys.revoke'),
      cancelLabel: t('common.actions.cancel'),
      onConfirm: () => {
        setFailure(null);
        revoke.mutate(key.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('users.apiKeys.revoked') }),
          onError: (error) => setFailure(failureText(t, error, t('common.tryLater'))),
        });
      },
    });

  return (
    <Stack gap="xs" component="section" aria-labelledby="api-keys-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h5" id="api-keys-title">
          {t('users.apiKeys.title')}
        </Title>
        <Button size="xs" variant="light" onClick={() => setCreating(true)}>
          {t('users.apiKeys.add')}
        </Button>
      </Group>
      <Text size="sm">{t('users.apiKeys.intro')}</Text>
      {keys.isPending ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
      {keys.isError ? <Alert color="red">{t('users.apiKeys.loadError')}</Alert> : null}
      {failure ? <Alert color="red">{failure}</Alert> : null}
      {keys.data?.length === 0 ? <Text size="sm">{t('users.apiKeys.none')}</Text> : null}
      {keys.data?.length ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.apiKeys.name')}</Table.Th>
                <Table.Th>{t('users.apiKeys.key')}</Table.Th>
                <Table.Th>{t('users.apiKeys.created')}</Table.Th>
                <Table.Th>{t('users.apiKeys.ends')}</Table.Th>
                <Table.Th>{t('users.apiKeys.lastUsed')}</Table.Th>
                <Table.Th>{t('users.apiKeys.state')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('common.fields.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => {
                const state = stateOf(key, now);
                return (
                  <Table.Tr key={key.id}>
                    <Table.Td>{key.name}</Table.Td>
                    <Table.Td>
                      <Code>{`${key.prefix}…`}</Code>
                    </Table.Td>
                    <Table.Td>{format.date(key.createdAt)}</Table.Td>
                    <Table.Td>{key.expiresAt ? format.dateTime(key.expiresAt) : t('users.apiKeys.noEnd')}</Table.Td>
                    <Table.Td>
                      {key.lastUsedAt ? format.dateTime(key.lastUsedAt) : t('users.apiKeys.neverUsed')}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" miw="max-content" color={STATE_COLORS[state]}>
                        {t(`users.apiKeys.states.${state}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {state === 'revoked' ? null : (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          aria-label={t('users.apiKeys.revokeNamed', { name: key.name })}
                          onClick={() => askRevoke(key)}
                        >
                          {t('users.apiKeys.revoke')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <NewApiKeyDialog userId={userId} opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
