import { Textarea, type TextareaProps } from '@mantine/core';
import { type LimitProps, useLimit } from './limited-input';

export function LimitedTextarea({ limit, ...props }: TextareaProps & LimitProps) {
  return <Textarea {...props} {...useLimit(props.value, limit, props.error, props.rightSection)} />;
}
