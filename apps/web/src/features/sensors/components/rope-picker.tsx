import { Select, type SelectProps } from '@mantine/core';
import type { MountedRopeView } from '@rope/domain/sensors/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllRopes } from '../../dashboard';

/** Options shown at once; typing narrows the rest. */
const SHOWN_OPTIONS = 100;

interface RopePickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The rope mounted now, kept as a choice even when the list of ropes does not hold it (an archived rope). */
  current?: MountedRopeView | null;
}

/** The rope a device or smartrope is mounted on, found by area, installation or rope name; cleared for none. */
export function RopePicker({ value, onChange, current, ...props }: RopePickerProps) {
  const { t } = useTranslation();
  const ropes = useAllRopes();
  const data = useMemo(() => {
    const label = (rope: Pick<MountedRopeView, 'name' | 'area' | 'installation'>) =>
      t('sensors.rope.path', { area: rope.area.name, installation: rope.installation.name, rope: rope.name });
    const options = (ropes.data ?? []).map((rope) => ({ value: String(rope.id), label: label(rope) }));
    if (current && !options.some((option) => option.value === String(current.id))) {
      options.unshift({ value: String(current.id), label: label(current) });
    }
    return options.sort((a, b) => a.label.localeCompare(b.label));
  }, [ropes.data, current, t]);
  return (
    <Select
      label={t('common.fields.rope')}
      placeholder={t('sensors.rope.pick')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      limit={SHOWN_OPTIONS}
      nothingFoundMessage={t('sensors.rope.noMatch')}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
