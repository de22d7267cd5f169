import { Alert, type AlertProps, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen that can only say why it shows nothing (not allowed, not found, not loaded) still has its h1. */
export function ScreenAlert({
  title,
  color,
  children,
}: {
  title: string;
  color: AlertProps['color'];
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Alert color={color}>{children}</Alert>
    </Stack>
  );
}
