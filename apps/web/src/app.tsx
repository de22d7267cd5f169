import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ConfirmModalHost } from './components/confirm-modal';
import { NotificationsHost } from './components/notifications-host';
import { CookieNotice } from './features/auth';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './router';
import { theme } from './theme';
import { readableCssVariables } from './theme-contrast';

const queryClient = createQueryClient();

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableCssVariables} defaultColorScheme="light">
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <CookieNotice />
        <ConfirmModalHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
