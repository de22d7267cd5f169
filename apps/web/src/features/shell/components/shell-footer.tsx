import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ProductMark } from '../../../components/product-mark';
import { CONTACT_HREF } from '../contact';

/** Free users only: the way to reach the provider, and the provider's sign. */
export function ShellFooter() {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor href={CONTACT_HREF} size="sm">
        {t('common.contact')}
      </Anchor>
      <Group gap={6} wrap="nowrap" role="img" aria-label={t('shell.footer.company')}>
        <ProductMark size={22} />
        <Text size="sm" fw={600} c="dimmed" aria-hidden="true">
          {t('shell.footer.company')}
        </Text>
      </Group>
    </Group>
  );
}
