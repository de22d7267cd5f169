import {
  PasswordInput,
  type PasswordInputProps,
  Text,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lengthLimitState } from '../lib/length-limit';

interface LimitProps {
  /** The most characters the field takes; more is never cut off but shown as an error. */
  limit: number;
}

/**
 * What every limited field adds: a "length / limit" count near the limit (in the right section, so nothing moves)
 * and, over it, the message at once instead of silently dropping what was typed.
 */
function useLimit(value: unknown, limit: number, error: ReactNode, rightSection: ReactNode) {
  const { t } = useTranslation();
  const state = lengthLimitState(value, limit);
  const count = state.showCount ? (
    <Text size="xs" c={state.over ? 'red.8' : 'dimmed'} aria-hidden>
      {t('validation.count', { length: state.length, max: limit })}
    </Text>
  ) : null;
  return {
    error: state.over ? t('validation.tooLong', { max: limit }) : error,
    rightSection: rightSection ?? count,
    rightSectionWidth: rightSection || !count ? undefined : 72,
    'aria-description': state.showCount ? t('validation.countLong', { length: state.length, max: limit }) : undefined,
  };
}

export function LimitedTextInput({ limit, ...props }: TextInputProps & LimitProps) {
  return <TextInput {...props} {...useLimit(props.value, limit, props.error, props.rightSection)} />;
}

export function LimitedTextarea({ limit, ...props }: TextareaProps & LimitProps) {
  return <Textarea {...props} {...useLimit(props.value, limit, props.error, props.rightSection)} />;
}

export function LimitedPasswordInput({ limit, ...props }: PasswordInputProps & LimitProps) {
  // The password field's right section is its show/hide toggle: only the message, no count.
  const {
    rightSection: _count,
    rightSectionWidth: _width,
    ...limited
  } = useLimit(props.value, limit, props.error, null);
  return <PasswordInput {...props} {...limited} />;
}
