import { Text, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lengthLimitState } from '../lib/length-limit';

export interface LimitProps {
  /** The most characters the field takes; more is never cut off but shown as an error. */
  limit: number;
}

// The textarea and password variants live in their own files, so a screen with one search field does not load them.

/**
 * What every limited field adds: a "length / limit" count near the limit (in the right section, so nothing moves)
 * and, over it, the message at once instead of silently dropping what was typed.
 */
export function useLimit(value: unknown, limit: number, error: ReactNode, rightSection: ReactNode) {
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
