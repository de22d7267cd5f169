import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Center, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDelayedClick } from '../delayed-click';
import { moveItem } from '../reorder';
import { reorderAnnouncements, reorderInstructions } from '../reorder-announcements';
import { HierarchyRow, type ListItem } from './hierarchy-row';

export type { ListItem };

export interface HierarchyListProps<T extends ListItem> {
  items: readonly T[];
  label: string;
  emptyText: string;
  /** Drag handles to reorder (writable, active list). */
  sortable: boolean;
  clickDelayMs: number;
  onOpen: (item: T) => void;
  onReorder: (next: T[], movedId: number, beforeId: number | null) => void;
  dragLabel: (item: T) => string;
  renderActions?: (item: T) => ReactNode;
  renderLeading?: (item: T) => ReactNode;
  highlightedId?: number | null;
  onHover?: (id: number | null) => void;
  /** Where an item's unknown damage inputs are set (a rope's settings). */
  gaugeHref?: (item: T) => string | undefined;
  /** The items' damages are the largest of the ropes below them (installations). */
  ofRopesBelow?: boolean;
}

/** Installations or ropes: damage gauge, name, actions; delayed single click opens, drag handle reorders. */
export function HierarchyList<T extends ListItem>(props: HierarchyListProps<T>) {
  const { items, label, emptyText, sortable, clickDelayMs, onOpen, onReorder } = props;
  const delayed = useDelayedClick(clickDelayMs, onOpen);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { t } = useTranslation();
  const accessibility = useMemo(() => {
    const names = new Map(items.map((item) => [item.id, item.name]));
    const nameOf = (id: number | string) => names.get(Number(id)) ?? String(id);
    return { announcements: reorderAnnouncements(nameOf, t), screenReaderInstructions: reorderInstructions(t) };
  }, [items, t]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const moved = moveItem(items, Number(active.id), Number(over.id));
    if (moved) onReorder(moved.next, Number(active.id), moved.beforeId);
  };

  if (items.length === 0) {
    return (
      <Center py="lg">
        <Text c="dimmed">{emptyText}</Text>
      </Center>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" role="list" aria-label={label}>
          {items.map((item) => (
            <HierarchyRow
              key={item.id}
              item={item}
              sortable={sortable}
              highlighted={item.id === props.highlightedId}
              dragLabel={props.dragLabel(item)}
              onClick={() => delayed.click(item)}
              onDoubleClick={delayed.cancel}
              onOpenNow={() => {
                delayed.cancel();
                onOpen(item);
              }}
              onHover={props.onHover}
              leading={props.renderLeading?.(item)}
              actions={props.renderActions?.(item)}
              gaugeHref={props.gaugeHref?.(item)}
              ofRopesBelow={props.ofRopesBelow}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
