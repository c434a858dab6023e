import { useOnline } from '@/lib/online';

/** Across the top of every page while the browser has no connection. */
export function OfflineBar() {
  const online = useOnline();
  return (
    <div role="status" className="sticky top-0 z-50">
      {online ? null : (
        <p className="bg-gray-800 px-4 py-2 text-center text-sm text-white">
          <strong className="font-medium">You are offline.</strong> Cart changes are kept on this device and saved when you are back; ordering waits until then.
        </p>
      )}
    </div>
  );
}
