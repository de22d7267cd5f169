import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initI18n } from './i18n';
import { registerServiceWorkerWhenIdle } from './lib/service-worker';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = rootElement;

// The loading message of index.html stays until the translations of the chosen language are in.
void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The development server serves changing, unhashed modules: a worker caching them would show stale code.
  if (import.meta.env.PROD) registerServiceWorkerWhenIdle();
});
