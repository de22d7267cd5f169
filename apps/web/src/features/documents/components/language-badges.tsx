import { Badge, Group, VisuallyHidden } from '@mantine/core';
import type { LanguageId } from '@rope/domain/languages';
import { useTranslation } from 'react-i18next';

/** The languages a document exists in, as short badges with the full name for screen readers. */
export function LanguageBadges({ languages }: { languages: readonly LanguageId[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {languages.map((language) => (
        <Badge key={language} size="xs" variant="light" color="gray" title={t(`documents.languages.${language}`)}>
          <span aria-hidden="true">{t(`documents.languages.short.${language}`)}</span>
          <VisuallyHidden>{t(`documents.languages.${language}`)}</VisuallyHidden>
        </Badge>
      ))}
    </Group>
  );
}
