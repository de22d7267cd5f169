import type { UseFormReturnType } from '@mantine/form';
import type { UserFormValues } from '../user-form';

type StringField = {
  [Key in keyof UserFormValues]: UserFormValues[Key] extends string ? Key : never;
}[keyof UserFormValues];

/** Mantine's Select speaks null for "nothing chosen"; the form keeps '' so every value stays a string. */
export function selectProps(form: UseFormReturnType<UserFormValues>, field: StringField) {
  const input = form.getInputProps(field);
  return {
    ...input,
    value: form.values[field] === '' ? null : form.values[field],
    onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
  };
}
