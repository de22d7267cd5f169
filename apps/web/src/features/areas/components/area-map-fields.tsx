import { Button, Group, MultiSelect, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  BASE_LAYERS,
  DEFAULT_BASE_LAYER,
  MAP_ZOOM_MAX,
  MAP_ZOOM_MIN,
  MAP_ZOOM_STEP,
} from '@rope/domain/hierarchy/maps';
import { useTranslation } from 'react-i18next';
import { LazyMap, type MapPoint } from '../../../components/map/lazy-map';
import { type AreaFormValues, isBaseLayer, keepDefaultLayer } from '../area-form';

const POSITION_DECIMALS = 6;

function round(value: number): number {
  return Number(value.toFixed(POSITION_DECIMALS));
}

/** Map on/off, zoom, base layers and the position, typed in or picked on a small map. */
export function AreaMapFields({ form }: { form: UseFormReturnType<AreaFormValues> }) {
  const { t } = useTranslation();
  const values = form.values;
  const layerOptions = BASE_LAYERS.map((layer) => ({ value: layer, label: t(`maps.baseLayers.${layer}`) }));
  const chosenLayers = values.mapBaseLayers.filter(isBaseLayer);
  const position: MapPoint | null =
    typeof values.lat === 'number' && typeof values.lng === 'number' ? [values.lat, values.lng] : null;
  const pick = ([lat, lng]: MapPoint) => {
    form.setFieldValue('lat', round(lat));
    form.setFieldValue('lng', round(lng));
  };
  const zoom = typeof values.mapZoom === 'number' ? values.mapZoom : undefined;

  return (
    <Stack gap="sm">
      <Switch label={t('areas.dialog.isMap')} {...form.getInputProps('isMap', { type: 'checkbox' })} />
      <NumberInput
        label={t('areas.dialog.zoom')}
        withAsterisk
        min={MAP_ZOOM_MIN}
        max={MAP_ZOOM_MAX}
        step={MAP_ZOOM_STEP}
        decimalScale={1}
        {...form.getInputProps('mapZoom')}
      />
      <MultiSelect
        label={t('areas.dialog.baseLayers')}
        data={layerOptions}
        {...form.getInputProps('mapBaseLayers')}
        onChange={(layers) => {
          form.setFieldValue('mapBaseLayers', layers);
          form.setFieldValue('mapDefaultBaseLayer', keepDefaultLayer(layers, values.mapDefaultBaseLayer));
        }}
      />
      <Select
        label={t('areas.dialog.defaultLayer')}
        data={layerOptions.filter((option) => values.mapBaseLayers.includes(option.value))}
        allowDeselect={false}
        {...form.getInputProps('mapDefaultBaseLayer')}
      />
      {/* The clear button is always there (disabled without a position) so nothing below it moves when one is set. */}
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500}>
          {t('areas.dialog.position')}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={!position}
          onClick={() => {
            form.setFieldValue('lat', '');
            form.setFieldValue('lng', '');
          }}
        >
          {t('areas.dialog.clearPosition')}
        </Button>
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label={t('areas.dialog.latitude')}
          min={-90}
          max={90}
          decimalScale={POSITION_DECIMALS}
          {...form.getInputProps('lat')}
        />
        <NumberInput
          label={t('areas.dialog.longitude')}
          min={-180}
          max={180}
          decimalScale={POSITION_DECIMALS}
          {...form.getInputProps('lng')}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('areas.dialog.pickHint')}
      </Text>
      <LazyMap
        label={t('areas.dialog.pickMap')}
        height={220}
        layers={{
          available: chosenLayers.length > 0 ? chosenLayers : BASE_LAYERS,
          default: isBaseLayer(values.mapDefaultBaseLayer) ? values.mapDefaultBaseLayer : DEFAULT_BASE_LAYER,
        }}
        center={position}
        zoom={zoom}
        picking
        movable
        features={position ? [{ id: 1, points: [position], colour: '#1c7ed6', label: values.name }] : []}
        onMapClick={pick}
        onFeatureMove={(_id, point) => pick(point)}
      />
    </Stack>
  );
}
