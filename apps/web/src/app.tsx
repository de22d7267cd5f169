import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ConfirmModalHost } from './components/confirm-modal';
import { NotificationsHost } from './components/notifications-host';
import { CookieNotice } from './features/auth';
import { AppRoutes } from './router';
import { theme } from './theme';
import { readableCssVariables } from './theme-contrast';

export function App({ queryClient }: { queryClient: QueryClient }) {
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
