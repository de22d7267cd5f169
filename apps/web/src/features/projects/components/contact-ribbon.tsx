import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import type { ProjectView } from '@rope/domain/projects/views';
import { useTranslation } from 'react-i18next';

/** The project's contact manager: name, picture, email and phone. */
export function ContactRibbon({ manager }: { manager: ProjectView['projectManager'] }) {
  const { t } = useTranslation();
  const name = manager.name ?? '';
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      style={{ borderLeft: '4px solid var(--mantine-color-blue-7)' }}
      component="section"
      aria-label={t('documents.ribbon.label')}
      data-testid="contact-ribbon"
    >
      {manager.name || manager.email || manager.phone ? (
        <Group gap="md" wrap="wrap">
          <Avatar
            src={manager.pictureId ? `/api/users/${manager.pictureId}/picture` : null}
            alt={t('documents.ribbon.picture', { name })}
            size="lg"
            radius="xl"
          >
            {initials(name)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('documents.ribbon.title')}
            </Text>
            <Text fw={600}>{name}</Text>
            <Group gap="md" wrap="wrap">
              {manager.email ? (
                <Text size="sm">
                  {t('documents.ribbon.email')}: <Anchor href={`mailto:${manager.email}`}>{manager.email}</Anchor>
                </Text>
              ) : null}
              {manager.phone ? (
                <Text size="sm">
                  {t('documents.ribbon.phone')}: <Anchor href={`tel:${manager.phone}`}>{manager.phone}</Anchor>
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Group>
      ) : (
        <Text size="sm">{t('documents.ribbon.noManager')}</Text>
      )}
    </Paper>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
