import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { startUp } from './app/start-up';
import { queryClient } from './lib/query-client';
import './index.css';

startUp(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);

// The installable app (service worker, offline bar) starts once the page is shown: not in the first download.
addEventListener('load', () => void import('./app/pwa/start-pwa').then((pwa) => pwa.startPwa()));
