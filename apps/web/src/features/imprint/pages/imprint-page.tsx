import { Anchor, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const DISCLAIMER_PARAGRAPHS = ['content', 'inspections', 'links', 'copyright'] as const;

/** /imprint: the provider's legal notice. */
export function ImprintPage() {
  const { t } = useTranslation();
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('imprint.title')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Section heading={t('imprint.provider.heading')}>
            <Text fw={600}>{t('imprint.provider.company')}</Text>
            <Text>{t('imprint.provider.street')}</Text>
            <Text>{t('imprint.provider.city')}</Text>
            <Text>{t('imprint.provider.country')}</Text>
          </Section>
          <Section heading={t('common.contact')}>
            <Line label={t('imprint.contact.phoneLabel')}>
              <Anchor href={`tel:${t('imprint.contact.phone').replace(/\s/g, '')}`}>
                {t('imprint.contact.phone')}
              </Anchor>
            </Line>
            <Line label={t('imprint.contact.emailLabel')}>
              <Anchor href={`mailto:${t('imprint.contact.email')}`}>{t('imprint.contact.email')}</Anchor>
            </Line>
            <Line label={t('imprint.contact.webLabel')}>
              <Anchor href={`https://${t('imprint.contact.web')}`} target="_blank" rel="noopener">
                {t('imprint.contact.web')}
              </Anchor>
            </Line>
          </Section>
          <Section heading={t('imprint.register.heading')}>
            <Text>{t('imprint.register.office')}</Text>
            <Line label={t('imprint.register.uidLabel')}>{t('imprint.register.uid')}</Line>
            <Line label={t('imprint.register.vatLabel')}>{t('imprint.register.vat')}</Line>
          </Section>
          <Section heading={t('imprint.representatives.heading')}>
            <Text>{t('imprint.representatives.director')}</Text>
            <Text>{t('imprint.representatives.chair')}</Text>
            <Title order={3} size="sm" mt="sm">
              {t('imprint.responsibility.heading')}
            </Title>
            <Text>{t('imprint.responsibility.text')}</Text>
          </Section>
        </SimpleGrid>
        <Section heading={t('imprint.disclaimer.heading')}>
          {DISCLAIMER_PARAGRAPHS.map((paragraph) => (
            <Stack key={paragraph} gap={2}>
              <Title order={3} size="sm">
                {t(`imprint.disclaimer.${paragraph}Heading`)}
              </Title>
              <Text size="sm">{t(`imprint.disclaimer.${paragraph}`)}</Text>
            </Stack>
          ))}
        </Section>
        <Section heading={t('imprint.privacy.heading')}>
          <Text size="sm">{t('imprint.privacy.text')}</Text>
        </Section>
        <Text size="xs" c="dimmed">
          {t('imprint.updated')}
        </Text>
      </Stack>
    </Container>
  );
}

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {heading}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text>
      <Text span c="dimmed">
        {label}{' '}
      </Text>
      <Text span style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Text>
    </Text>
  );
}
