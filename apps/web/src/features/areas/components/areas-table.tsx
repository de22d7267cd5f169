import { ActionIcon, Box, Center, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { CLICK_DELAY_AREA_MS } from '@rope/domain/hierarchy/maps';
import type { AreaView } from '@rope/domain/hierarchy/views';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UnknownDamageHint } from '../../../components/damage-unknown';
import { EditIcon } from '../../../components/icons';
import { useDelayedClick } from '../delayed-click';

interface AreasTableProps {
  areas: readonly AreaView[];
  showMandator: boolean;
  canEdit: boolean;
  highlightedId: number | null;
  onHover: (id: number | null) => void;
  onEdit: (area: AreaView) => void;
}

/**
 * A plain Mantine table rather than the shared DataTable: rows need hover (to highlight the marker) and the
 * delayed single click with double click ignored, which the wrapper does not offer.
 */
export function AreasTable({ areas, showMandator, canEdit, highlightedId, onHover, onEdit }: AreasTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (area: AreaView) => navigate(`/areas/${area.id}`);
  const delayed = useDelayedClick(CLICK_DELAY_AREA_MS, open);
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, area: AreaView) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void open(area);
    }
  };

  return (
    // Fixed layout with wrapping names: the list fits its column beside the map at any width, actions included.
    <Box>
      <Table
        highlightOnHover
        verticalSpacing="sm"
        aria-label={t('areas.title')}
        layout="fixed"
        style={{ overflowWrap: 'anywhere' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.fields.name')}</Table.Th>
            {showMandator ? <Table.Th>{t('common.fields.mandator')}</Table.Th> : null}
            {canEdit ? (
              <Table.Th w={56}>
                <VisuallyHidden>{t('common.fields.actions')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {areas.map((area) => (
            <Table.Tr
              key={area.id}
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              bg={area.id === highlightedId ? 'var(--mantine-color-blue-light)' : undefined}
              onClick={() => delayed.click(area)}
              onDoubleClick={delayed.cancel}
              onKeyDown={(event) => onKeyDown(event, area)}
              onMouseEnter={() => onHover(area.id)}
              onMouseLeave={() => onHover(null)}
              onFocus={() => onHover(area.id)}
              onBlur={() => onHover(null)}
              data-testid="area-row"
            >
              <Table.Td>
                <Text fw={500} size="sm">
                  {area.name}
                </Text>
                <UnknownDamageHint damages={area.damages} ofRopesBelow />
              </Table.Td>
              {showMandator ? <Table.Td>{area.mandator.name}</Table.Td> : null}
              {canEdit ? (
                <Table.Td>
                  <Tooltip label={t('common.actions.settings')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('areas.table.editArea', { name: area.name })}
                      onClick={(event) => {
                        event.stopPropagation();
                        delayed.cancel();
                        onEdit(area);
                      }}
                      onDoubleClick={(event) => event.stopPropagation()}
                    >
                      <EditIcon />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {areas.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{t('areas.empty')}</Text>
        </Center>
      ) : null}
    </Box>
  );
}
