import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { toastWanted } from '@/lib/toast';

// The toaster (and react-hot-toast) download with the first toast, not with the first page.
const AppToaster = lazy(async () => ({ default: (await import('./toaster')).AppToaster }));

function ToasterHost() {
  const wanted = useSyncExternalStore(toastWanted.subscribe, toastWanted.get, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/** `queryClient` is the app's own unless a test brings a fresh one. */
export function AppProvider({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
