import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { CookieNotice } from './features/auth/components/cookie-notice';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import { theme } from './theme';
import { readableCssVariables } from './theme-contrast';

const queryClient = createQueryClient();
const router = createAppRouter();

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableCssVariables} defaultColorScheme="light">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
          <CookieNotice />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
