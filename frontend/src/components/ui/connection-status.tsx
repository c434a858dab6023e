import type { ConnectionState } from '@/lib/socket';

const LOOK = {
  online: { dot: 'bg-green-500', text: 'text-green-700', label: 'Online' },
  connecting: { dot: 'bg-gray-400', text: 'text-gray-500', label: 'Connecting…' },
  reconnecting: { dot: 'bg-amber-500 animate-pulse', text: 'text-amber-700', label: 'Reconnecting…' },
  refused: { dot: 'bg-red-500', text: 'text-red-700', label: 'Offline' },
} as const;

/** Whether live updates are flowing, announced when it changes; a refused connection says why and can be retried. */
export function ConnectionStatus({ state, onRetry, className = '' }: { state: ConnectionState; onRetry?: () => void; className?: string }) {
  const look = LOOK[state.status];
  return (
    <div role="status" data-testid="connection-status" className={`flex flex-wrap items-center gap-2 text-sm ${look.text} ${className}`}>
      <span className={`h-2.5 w-2.5 shrink-0 rounded-full ${look.dot}`} aria-hidden="true" />
      <span>{state.status === 'refused' ? state.reason : look.label}</span>
      {state.status === 'refused' && onRetry && (
        <button type="button" onClick={onRetry} className="rounded border border-current px-2 py-0.5 text-xs font-medium hover:bg-red-50">
          Try again
        </button>
      )}
    </div>
  );
}
