/** The GreenCart mark and word, drawn inline. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#4fbf8b" />
        <path d="M7 10h3l2.4 10h9.6L25 13H11.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="13.5" cy="24.5" r="1.7" fill="#fff" />
        <circle cx="21.5" cy="24.5" r="1.7" fill="#fff" />
        <path d="M17 11c0-3.3 2.2-5.6 5.6-5.6 0 3.3-2.3 5.6-5.6 5.6z" fill="#fff" />
      </svg>
      <span className="text-xl font-bold tracking-tight text-gray-800">
        Green<span className="text-primary">Cart</span>
      </span>
    </span>
  );
}
