import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.tsx';
import { queryClient } from './lib/query-client.ts';
import { startOnlineTracking } from './lib/offline/online.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

startOnlineTracking();
// What this device kept of the last user's screens comes back beside the first render (offline,
// it is what the screens show); the service worker registers once the page has loaded.
void import('./lib/offline/persisted-cache.ts').then(({ startPersistedCache }) => startPersistedCache(queryClient));
void import('./lib/pwa/register-service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
