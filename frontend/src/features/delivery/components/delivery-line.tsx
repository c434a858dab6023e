import { lazy, Suspense, useEffect, useState } from 'react';
import { useDeliveryCheck } from '../api/get-delivery-check';
import { pincodeStore, useStoredPincode } from '../pincode-store';

// The dialog downloads when it is first opened.
const PincodeDialog = lazy(async () => ({ default: (await import('./pincode-dialog')).PincodeDialog }));

/**
 * The header's delivery promise: "Delivery in 25 min · 411045" once a pincode is known (asked once,
 * kept in the browser, else taken from the shopper's default address: `fallbackPincode`), "We don't
 * deliver to … yet" or "Closed now · opens at 07:00" otherwise; a tap changes the pincode.
 */
export function DeliveryLine({ fallbackPincode }: { fallbackPincode?: string | null }) {
  const stored = useStoredPincode();
  const pincode = stored ?? fallbackPincode ?? null;
  const check = useDeliveryCheck(pincode);
  const [open, setOpen] = useState(false);

  // The default address's pincode becomes the kept one, so the next visit asks nothing.
  useEffect(() => {
    if (!stored && fallbackPincode) pincodeStore.set(fallbackPincode);
  }, [stored, fallbackPincode]);

  const answer = check.data;
  const tone = !answer ? 'text-gray-700' : !answer.serviceable ? 'text-red-700' : !answer.open ? 'text-amber-800' : 'text-gray-800';
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="delivery-line"
        className={`flex min-h-11 max-w-full items-center gap-1.5 text-left text-sm ${tone}`}
      >
        <ClockGlyph />
        {pincode ? (
          <span className="truncate whitespace-nowrap">
            <span className="font-semibold">{answer ? answer.message : 'Checking delivery…'}</span>
            <span className="text-gray-600"> · {pincode}</span>
          </span>
        ) : (
          <span className="truncate font-medium text-primary-dull underline decoration-dotted underline-offset-2">
            {/* Beside the header's links on wide screens: short, on one line. */}
            <span className="lg:hidden">Enter your pincode for delivery time</span>
            <span className="hidden whitespace-nowrap lg:inline">Your pincode</span>
          </span>
        )}
        {/* The accessible name is the visible text and what a tap does. */}
        {pincode && <span className="sr-only">. Change pincode</span>}
        <span aria-hidden="true" className="text-xs text-gray-500">
          ▾
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <PincodeDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function ClockGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0 text-primary" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
