import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import type { DamageView } from '@rope/domain/hierarchy/views';
import type { ReactNode } from 'react';
import { DamageGauge } from '../../../components/damage-gauge';
import { GripIcon } from '../../../components/icons';

export interface ListItem {
  id: number;
  name: string;
  damages: DamageView;
}

interface HierarchyRowProps {
  item: ListItem;
  sortable: boolean;
  highlighted: boolean;
  dragLabel: string;
  onClick: () => void;
  onDoubleClick: () => void;
  onOpenNow: () => void;
  onHover?: (id: number | null) => void;
  leading?: ReactNode;
  actions?: ReactNode;
  /** Where an unknown damage's inputs are set (a rope's settings). */
  gaugeHref?: string;
  /** The item's damage is the largest of the ropes below it (installations, areas). */
  ofRopesBelow?: boolean;
}

export function HierarchyRow(props: HierarchyRowProps) {
  const { item, sortable, highlighted } = props;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: !sortable,
  });
  return (
    <Paper
      ref={setNodeRef}
      role="listitem"
      withBorder
      p="xs"
      radius="md"
      data-testid="hierarchy-row"
      data-name={item.name}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        cursor: 'pointer',
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
        borderColor: highlighted ? 'var(--mantine-color-blue-5)' : undefined,
      }}
      onClick={props.onClick}
      onDoubleClick={props.onDoubleClick}
      onMouseEnter={() => props.onHover?.(item.id)}
      onMouseLeave={() => props.onHover?.(null)}
    >
      <Group gap="sm" wrap="nowrap">
        {sortable ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={props.dragLabel}
            style={{ cursor: 'grab', touchAction: 'none' }}
            onClick={(event) => event.stopPropagation()}
            {...attributes}
            {...listeners}
          >
            <GripIcon />
          </ActionIcon>
        ) : null}
        {props.leading}
        <DamageGauge damages={item.damages} width={64} href={props.gaugeHref} ofRopesBelow={props.ofRopesBelow} />
        <UnstyledButton
          style={{ flex: 1, minWidth: 0 }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              event.stopPropagation();
              props.onOpenNow();
            }
          }}
        >
          <Text fw={500} truncate>
            {item.name}
          </Text>
        </UnstyledButton>
        <Group gap={4} wrap="nowrap">
          {props.actions}
        </Group>
      </Group>
    </Paper>
  );
}
