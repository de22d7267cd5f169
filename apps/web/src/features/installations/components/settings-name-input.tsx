import { NAME_MAX_LENGTH } from '@rope/domain/common';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';

type NameInputProps = Omit<ComponentProps<typeof LimitedTextInput>, 'label' | 'limit' | 'withAsterisk'> & {
  readOnly: boolean;
};

/** The name at the top of an installation or rope settings editor, focused when the editor opens. */
export function SettingsNameInput({ readOnly, ...inputProps }: NameInputProps) {
  const { t } = useTranslation();
  return (
    <LimitedTextInput
      label={t('common.fields.name')}
      withAsterisk={!readOnly}
      readOnly={readOnly}
      limit={NAME_MAX_LENGTH}
      data-autofocus
      {...inputProps}
    />
  );
}
