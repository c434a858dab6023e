import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { UserIcon } from '@/components/ui/icons';
import type { User } from '../types';

/** The signed-in shopper's menu: My orders, Account & emails, Logout. Keyboard: Enter/Space opens, Escape closes. */
export function ProfileMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const itemClass = 'flex min-h-11 w-full items-center px-4 text-left hover:bg-primary/10 focus-visible:bg-primary/10';

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${user.firstName}`}
        className="flex h-11 w-11 items-center justify-center rounded-full bg-primary/15 text-primary-dull"
      >
        <UserIcon className="h-5 w-5" />
      </button>
      {open && (
        <ul id={menuId} className="absolute top-12 right-0 z-50 w-44 overflow-hidden rounded-md border border-gray-200 bg-white py-1 text-sm shadow-md">
          <li className="truncate px-4 py-2 text-xs text-gray-600">Hi, {user.firstName}</li>
          <li>
            <Link to="/My-orders" onClick={() => setOpen(false)} className={itemClass}>
              My orders
            </Link>
          </li>
          <li>
            <Link to="/account" onClick={() => setOpen(false)} className={itemClass}>
              Account &amp; emails
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
              className={itemClass}
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
