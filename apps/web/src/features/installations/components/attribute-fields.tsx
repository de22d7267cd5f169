import { NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NAME_MAX_LENGTH } from '@rope/domain/common';
import type { ReactNode } from 'react';
import { LimitedTextInput } from '../../../components/limited-input';
import type { AttributeValues, FieldSpec } from '../attribute-form';

export interface SelectOption {
  value: string;
  label: string;
}

interface AttributeFieldsProps {
  form: UseFormReturnType<AttributeValues>;
  fields: readonly FieldSpec[];
  label: (key: string) => string;
  optionLabel: (key: string, option: string) => string;
  editable: (key: string) => boolean;
  /** Options of 'remote' fields (from the API). */
  remoteOptions?: Record<string, SelectOption[]>;
  nothingFound: string;
}

/** The inputs of a settings tab, one per attribute of the catalogue. */
export function AttributeFields(props: AttributeFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {props.fields.map((field) => (
        <AttributeField key={field.key} field={field} {...props} />
      ))}
    </SimpleGrid>
  );
}

function AttributeField({
  field,
  form,
  label,
  optionLabel,
  editable,
  remoteOptions,
  nothingFound,
}: AttributeFieldsProps & { field: FieldSpec }): ReactNode {
  const readOnly = !editable(field.key);
  const input = form.getInputProps(field.key);
  const common = { label: label(field.key), readOnly, 'data-field': field.key };
  const value = form.values[field.key];
  switch (field.kind) {
    case 'switch':
      return <Switch {...common} disabled={readOnly} {...form.getInputProps(field.key, { type: 'checkbox' })} />;
    case 'number':
    case 'integer':
      return (
        <NumberInput {...common} {...input} min={field.min} max={field.max} allowDecimal={field.kind === 'number'} />
      );
    case 'select':
    case 'remote': {
      const data =
        field.kind === 'remote'
          ? (remoteOptions?.[field.key] ?? [])
          : (field.options ?? []).map((option) => ({ value: option, label: optionLabel(field.key, option) }));
      return (
        <Select
          {...common}
          {...input}
          data={data}
          value={value === '' ? null : String(value)}
          onChange={(next) => form.setFieldValue(field.key, next ?? '')}
          clearable={!readOnly}
          searchable
          nothingFoundMessage={nothingFound}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    case 'textarea':
      return <Textarea {...common} {...input} autosize minRows={4} maxRows={12} style={{ gridColumn: '1 / -1' }} />;
    case 'date':
      return <TextInput {...common} {...input} type="date" />;
    default:
      return <LimitedTextInput {...common} {...input} limit={NAME_MAX_LENGTH} />;
  }
}
