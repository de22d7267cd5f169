import { Badge, Button, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { DocumentView } from '@rope/domain/documents/views';
import type { LanguageId } from '@rope/domain/languages';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { documentFileUrl } from '../document-logic';
import { LanguageBadges } from './language-badges';

interface DocumentRowProps {
  document: DocumentView;
  language: LanguageId;
  onOpen: (document: DocumentView) => void;
  onLanguages: (document: DocumentView) => void;
  onDelete: (document: DocumentView) => void;
  /** Editing of languages offered (general documents: only with the admins' edit toggle on). */
  editable: boolean;
}

/** One document: its name (bold while new) opens the preview; languages, download, and for writers languages and delete. */
export function DocumentRow({ document, language, onOpen, onLanguages, onDelete, editable }: DocumentRowProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const canEdit = editable && document.canEdit;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py={6}
      px="xs"
      data-document-id={document.id}
      data-new={document.isNew ? 'true' : undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Group gap={6} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <UnstyledButton
            onClick={() => onOpen(document)}
            aria-label={t('documents.actions.open', { name: document.name })}
            style={{ minWidth: 0 }}
          >
            {/* The whole name, wrapped (within a word too: file names run long without spaces), never cut off: a
                truncated name would also widen the list beyond a phone's screen, as the scroll area sizes to it. */}
            <Text
              size="sm"
              fw={document.isNew ? 700 : 400}
              c="blue.9"
              td="underline"
              style={{ overflowWrap: 'anywhere', textUnderlinePosition: 'under' }}
            >
              {document.name}
            </Text>
          </UnstyledButton>
          {document.isNew ? (
            <Tooltip label={t('documents.widget.newHint')}>
              <Badge size="xs" color="blue" variant="filled" style={{ flexShrink: 0 }}>
                {t('documents.widget.new')}
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          <LanguageBadges languages={document.languages} />
          <Text size="xs" c="dimmed">
            {t('documents.widget.uploadedAt', { date: format.date(document.createdAt) })} ·{' '}
            {format.fileSize(document.size)}
          </Text>
          {document.isHabel ? (
            <Badge size="xs" variant="outline" color="gray">
              {t('documents.widget.external')}
            </Badge>
          ) : null}
        </Group>
      </Stack>
      <Group gap={4} wrap="wrap">
        <Button
          component="a"
          href={documentFileUrl(document, language, true)}
          size="compact-xs"
          variant="subtle"
          aria-label={`${t('documents.actions.download')}: ${document.name}`}
        >
          {t('documents.actions.download')}
        </Button>
        {canEdit ? (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onLanguages(document)}
            aria-label={`${t('documents.actions.languages')}: ${document.name}`}
          >
            {t('documents.actions.languages')}
          </Button>
        ) : null}
        {canEdit ? (
          document.canDelete ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => onDelete(document)}
              aria-label={`${t('documents.actions.delete')}: ${document.name}`}
            >
              {t('documents.actions.delete')}
            </Button>
          ) : (
            <Tooltip label={t('documents.actions.deleteRefused')}>
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                data-disabled
                aria-disabled
                onClick={(event) => event.preventDefault()}
              >
                {t('documents.actions.delete')}
              </Button>
            </Tooltip>
          )
        ) : null}
      </Group>
    </Group>
  );
}
