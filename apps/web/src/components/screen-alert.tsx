import { Alert, type AlertProps, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

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

/**
 * A screen whose object could not be loaded: missing (404, also what another tenant's object answers) is said as
 * "not found" in yellow, anything else as a load error in red.
 */
export function LoadFailedScreen({
  error,
  notFoundText,
  loadErrorText,
}: {
  error: unknown;
  notFoundText: string;
  loadErrorText: string;
}) {
  const { t } = useTranslation();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <ScreenAlert title={missing ? t('shell.notFound.title') : t('app.error.title')} color={missing ? 'yellow' : 'red'}>
      {missing ? notFoundText : loadErrorText}
    </ScreenAlert>
  );
}
