import { Button, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapPoint } from './map-types';

export interface DrawState {
  id: number;
  points: MapPoint[];
}

interface DrawToolbarProps {
  /** The items a line can be drawn for. */
  items: readonly { id: number; name: string }[];
  drawing: DrawState | null;
  saving: boolean;
  onStart: (id: number) => void;
  onUndo: () => void;
  onFinish: () => void;
  onCancel: () => void;
}

/** Draw a line for an item: choose it, click points on the map, finish (saves) or cancel. */
export function DrawToolbar({ items, drawing, saving, onStart, onUndo, onFinish, onCancel }: DrawToolbarProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  if (drawing) {
    const name = items.find((item) => item.id === drawing.id)?.name ?? '';
    return (
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Text size="sm" role="status">
          {t('maps.draw.hint', { name, points: drawing.points.length })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onUndo} disabled={drawing.points.length === 0}>
            {t('maps.draw.undo')}
          </Button>
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button size="xs" onClick={onFinish} disabled={drawing.points.length < 2} loading={saving}>
            {t('maps.draw.finish')}
          </Button>
        </Group>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <Select
        size="xs"
        label={t('maps.draw.item')}
        placeholder={t('maps.draw.choose')}
        data={items.map((item) => ({ value: String(item.id), label: item.name }))}
        value={chosen}
        onChange={setChosen}
        w={220}
        comboboxProps={{ withinPortal: true }}
      />
      <Button size="xs" variant="light" disabled={!chosen} onClick={() => chosen && onStart(Number(chosen))}>
        {t('maps.draw.start')}
      </Button>
    </Group>
  );
}
