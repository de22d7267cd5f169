import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import type { TFunction } from 'i18next';

type Translate = TFunction;

/** What screen readers hear while a row is moved: the rows' names (dnd-kit would read their numeric ids). */
export function reorderAnnouncements(nameOf: (id: UniqueIdentifier) => string, t: Translate): Announcements {
  return {
    onDragStart: ({ active }) => t('areas.reorder.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('areas.reorder.over', { name: nameOf(active.id), target: nameOf(over.id) })
        : t('areas.reorder.overNothing', { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('areas.reorder.dropped', { name: nameOf(active.id), target: nameOf(over.id) })
        : t('areas.reorder.droppedNowhere', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('areas.reorder.cancelled', { name: nameOf(active.id) }),
  };
}

export function reorderInstructions(t: Translate): ScreenReaderInstructions {
  return { draggable: t('areas.reorder.instructions') };
}
