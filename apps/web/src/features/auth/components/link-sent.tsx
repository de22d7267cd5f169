import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The neutral answer to "sign in without password": it never tells whether a link went out. */
export function LinkSent({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status">
      <Title order={1}>{t('auth.login.linkSentTitle')}</Title>
      <Text>{t('auth.login.linkSentText')}</Text>
      <Anchor component="button" type="button" size="sm" onClick={onBack}>
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}
