import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AreaView, InstallationView } from '@rope/domain/hierarchy/views';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { damageMapLabel } from '../../../components/damage-unknown';
import { damageHex } from '../../../components/map/colours';
import { type DrawState, DrawToolbar } from '../../../components/map/draw-toolbar';
import { LazyMap, type MapFeature, type MapPoint } from '../../../components/map/lazy-map';
import { useCan } from '../../../lib/session/session';
import { useInstallations, useUpdateInstallation } from '../../installations';

interface AreaMapPanelProps {
  area: AreaView;
  highlightedId: number | null;
  onHover: (id: number | null) => void;
  /** An installation whose pin was clicked: the next map click places it. */
  placing: InstallationView | null;
  onPlacingDone: () => void;
}

/** The area's map: installations as markers or lines by damage; admins place, move and draw them. */
export function AreaMapPanel({ area, highlightedId, onHover, placing, onPlacingDone }: AreaMapPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCan('MAP_EDIT') && !area.isDeleted;
  const installations = useInstallations(area.id, false);
  const update = useUpdateInstallation();
  const [drawing, setDrawing] = useState<DrawState | null>(null);
  const items = installations.data ?? [];

  const features = useMemo<MapFeature[]>(
    () =>
      (installations.data ?? [])
        .filter((installation) => installation.id !== drawing?.id)
        .map((installation) => ({
          id: installation.id,
          points: installation.latlngs,
          colour: damageHex(installation.damages),
          label: damageMapLabel(t, installation.name, installation.damages),
        })),
    [installations.data, drawing?.id, t],
  );

  const save = (id: number, latlngs: MapPoint[], after?: () => void) =>
    update.mutate(
      { id, installation: { latlngs } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('maps.draw.saved') });
          after?.();
        },
        onError: () => notifications.show({ color: 'red', message: t('maps.draw.error') }),
      },
    );

  const onMapClick = (point: MapPoint) => {
    if (drawing) setDrawing({ ...drawing, points: [...drawing.points, point] });
    else if (placing && canEdit) {
      save(placing.id, [point]);
      onPlacingDone();
    }
  };

  return (
    <Stack gap="xs">
      {canEdit ? (
        <DrawToolbar
          items={items}
          drawing={drawing}
          saving={update.isPending}
          onStart={(id) => {
            onPlacingDone();
            setDrawing({ id, points: [] });
          }}
          onUndo={() => drawing && setDrawing({ ...drawing, points: drawing.points.slice(0, -1) })}
          onCancel={() => setDrawing(null)}
          onFinish={() => drawing && save(drawing.id, drawing.points, () => setDrawing(null))}
        />
      ) : null}
      {placing && canEdit ? (
        <Alert color="blue" py="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('maps.place.hint', { name: placing.name })}</Text>
            <Button size="xs" variant="default" onClick={onPlacingDone}>
              {t('common.actions.cancel')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <LazyMap
        label={t('areas.detail.map')}
        height={480}
        layers={{ available: area.mapBaseLayers, default: area.mapDefaultBaseLayer }}
        center={area.latlng}
        zoom={area.mapZoom}
        features={features}
        draft={drawing?.points}
        picking={Boolean(drawing || (placing && canEdit))}
        movable={canEdit && !drawing}
        highlightedId={highlightedId}
        onFeatureHover={onHover}
        onFeatureClick={(id) => {
          if (!drawing && !placing) navigate(`/areas/${area.id}/installations/${id}`);
        }}
        onFeatureMove={(id, point) => save(id, [point])}
        onMapClick={onMapClick}
        onDrop={canEdit ? (id, point) => save(id, [point]) : undefined}
      />
    </Stack>
  );
}
