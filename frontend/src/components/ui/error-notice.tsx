import { errorMessage } from '@/lib/api-client';

export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="my-8 rounded-lg border border-red-200 bg-red-50 px-5 py-4 text-sm text-red-700">
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-3 rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium hover:bg-red-100">
          Try again
        </button>
      )}
    </div>
  );
}
