import { useOnline } from '@/lib/online';

/** Across the top of every page while the browser has no connection. */
export function OfflineBar() {
  const online = useOnline();
  return (
    <div role="status" className="sticky top-0 z-50">
      {online ? null : (
        <p className="bg-gray-800 px-4 py-2 text-center text-sm text-white">
          <strong className="font-medium">You are offline.</strong> Your cart still works; ordering waits until you are back online.
        </p>
      )}
    </div>
  );
}
