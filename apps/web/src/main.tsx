import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initI18n } from './i18n';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorkerWhenIdle } from './lib/service-worker';
import { signedInLanguage } from './lib/session/session';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = rootElement;

const queryClient = createQueryClient();

// The loading message of index.html stays until the translations of the chosen language are in.
void initI18n(signedInLanguage(queryClient)).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  // The development server serves changing, unhashed modules: a worker caching them would show stale code.
  if (import.meta.env.PROD) registerServiceWorkerWhenIdle();
});
