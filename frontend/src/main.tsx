import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { startUp } from './app/start-up';
import { queryClient } from './lib/query-client';
import './index.css';

const firstPage = startUp(queryClient);
// Drawn as a transition: React yields to the browser every few milliseconds while it builds the first
// page, instead of one long task a phone cannot interrupt (a tap meanwhile is answered at once).
const render = () =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );
// A catalogue page's code comes with the app's (index.html names it): drawn with it in one go rather than
// after a "loading" frame, unless it is slow to come.
if (firstPage) void Promise.race([firstPage, new Promise((wait) => setTimeout(wait, 500))]).then(render, render);
else render();

// The installable app (service worker, offline bar) starts once the page is shown: not in the first download.
addEventListener('load', () => void import('./app/pwa/start-pwa').then((pwa) => pwa.startPwa()));
