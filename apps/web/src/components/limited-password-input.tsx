import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { type LimitProps, useLimit } from './limited-input';

export function LimitedPasswordInput({ limit, ...props }: PasswordInputProps & LimitProps) {
  // The password field's right section is its show/hide toggle: only the message, no count.
  const {
    rightSection: _count,
    rightSectionWidth: _width,
    ...limited
  } = useLimit(props.value, limit, props.error, null);
  return <PasswordInput {...props} {...limited} />;
}
