import { Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { InstallationView } from '@rope/domain/hierarchy/views';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { damageMapLabel } from '../../../components/damage-unknown';
import { damageHex } from '../../../components/map/colours';
import { type DrawState, DrawToolbar } from '../../../components/map/draw-toolbar';
import { LazyMap, type MapFeature, type MapPoint } from '../../../components/map/lazy-map';
import { useCan } from '../../../lib/session/session';
import { useRopes, useUpdateRope } from '../../ropes';

interface InstallationImageMapProps {
  areaId: number;
  installation: InstallationView;
  writable: boolean;
  highlightedId: number | null;
  onHover: (id: number | null) => void;
}

/** The site plan in simple coordinates with the rope lines coloured by damage; admins draw the lines. */
export function InstallationImageMap({
  areaId,
  installation,
  writable,
  highlightedId,
  onHover,
}: InstallationImageMapProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canDraw = useCan('MAP_EDIT') && writable;
  const ropes = useRopes(installation.id, false);
  const update = useUpdateRope();
  const [drawing, setDrawing] = useState<DrawState | null>(null);
  const { mapImageWidth: width, mapImageHeight: height, mapImageUri } = installation.attributes;

  const features = useMemo<MapFeature[]>(
    () =>
      (ropes.data ?? [])
        .filter((rope) => rope.id !== drawing?.id)
        .map((rope) => ({
          id: rope.id,
          points: rope.latlngs,
          colour: damageHex(rope.damages),
          label: damageMapLabel(t, rope.name, rope.damages),
        })),
    [ropes.data, drawing?.id, t],
  );
  if (!mapImageUri || !width || !height) return null;

  const finish = () => {
    if (!drawing) return;
    update.mutate(
      { id: drawing.id, rope: { latlngs: drawing.points } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('maps.draw.saved') });
          setDrawing(null);
        },
        onError: () => notifications.show({ color: 'red', message: t('maps.draw.error') }),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('installations.attributes.mapImageUri')}
      </Title>
      {canDraw ? (
        <DrawToolbar
          items={ropes.data ?? []}
          drawing={drawing}
          saving={update.isPending}
          onStart={(id) => setDrawing({ id, points: [] })}
          onUndo={() => drawing && setDrawing({ ...drawing, points: drawing.points.slice(0, -1) })}
          onCancel={() => setDrawing(null)}
          onFinish={finish}
        />
      ) : null}
      <LazyMap
        label={t('installations.detail.imageMapLabel')}
        height={460}
        // The uri changes with every upload, so a new image replaces the cached one.
        image={{
          url: `/api/installations/${installation.id}/map-image?v=${encodeURIComponent(mapImageUri)}`,
          width,
          height,
        }}
        features={features}
        draft={drawing?.points}
        picking={Boolean(drawing)}
        highlightedId={highlightedId}
        onFeatureHover={onHover}
        onFeatureClick={(id) => {
          if (!drawing) navigate(`/areas/${areaId}/installations/${installation.id}/ropes/${id}`);
        }}
        onMapClick={(point: MapPoint) => drawing && setDrawing({ ...drawing, points: [...drawing.points, point] })}
      />
    </Stack>
  );
}
