import { useEffect, useRef, useState } from 'react';
import { PAGE_PADDING } from '@/components/layout/page-container';
import { useUser, type User } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';

/** The session's shopper says `emailVerified: false` while their address waits for its link (absent once verified). */
const unverified = (user: User | null | undefined): user is User & { emailVerified: false } =>
  !!user && (user as User & { emailVerified?: boolean }).emailVerified === false;

/** Under the navbar for a signed-in shopper whose address is not confirmed yet: where the link went, and "Resend". */
export function VerifyEmailBanner() {
  const { data: user } = useUser();
  const resend = useResendVerification();
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);
  const shown = unverified(user);
  const section = useRef<HTMLElement>(null);
  // Pages that size themselves to the screen (the chat box) leave room for it: --notice-height.
  useEffect(() => {
    const element = section.current;
    if (!shown || !element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--notice-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--notice-height');
    };
  }, [shown]);
  if (!shown) return null;

  const onResend = () => {
    setSaid(null);
    resend.mutate(undefined, {
      onSuccess: (result) => setSaid({ text: result.message, problem: false }),
      onError: (error) => setSaid({ text: errorMessage(error), problem: true }),
    });
  };

  return (
    <section ref={section} aria-label="Confirm your email" className="border-b border-amber-200 bg-amber-50 text-sm text-amber-900">
      <div className={`flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between ${PAGE_PADDING}`}>
        <p>
          Please confirm your email address — we sent a link to <strong className="break-words">{user.email}</strong>. Until then we send you no receipts or
          order updates.
        </p>
        <button
          type="button"
          onClick={onResend}
          disabled={resend.isPending}
          className="min-h-11 shrink-0 self-start rounded-md border border-amber-300 bg-white px-4 font-medium hover:bg-amber-100 disabled:cursor-wait disabled:opacity-70 sm:self-auto"
        >
          {resend.isPending ? 'Sending…' : 'Resend'}
        </button>
      </div>
      {said && (
        <p role={said.problem ? 'alert' : 'status'} className={`pb-3 ${PAGE_PADDING}`}>
          {said.text}
        </p>
      )}
    </section>
  );
}
