import type { ReactElement } from 'react';

/** Small hand-drawn illustrations for the category tiles (no external images). */
const ART: Record<string, ReactElement> = {
  Vegetables: (
    <>
      <path d="M40 30 L28 70 Q27 74 31 72 L52 36 Z" fill="#f28c28" />
      <path d="M33 52h6M36 44h7M30 61h5" stroke="#d9701a" strokeWidth="2" strokeLinecap="round" />
      <path d="M46 32c-2-8 2-16 8-20-1 8-3 14-8 20zM46 32c6-4 14-5 20-2-6 4-13 5-20 2zM46 32c0-8-4-14-10-17 1 7 4 13 10 17z" fill="#4fbf8b" />
      <circle cx="62" cy="60" r="12" fill="#7c3a8c" />
      <path d="M62 48c-2-4 0-8 4-9-1 4-2 7-4 9z" fill="#4fbf8b" />
    </>
  ),
  Fruits: (
    <>
      <path d="M40 28c-14-8-28 2-26 20 2 16 12 26 20 24 3-1 4-2 6-2s3 1 6 2c8 2 18-8 20-24 2-18-12-28-26-20z" fill="#e4473f" />
      <path d="M40 28c0-8 3-13 8-16" stroke="#6b4423" strokeWidth="3" strokeLinecap="round" fill="none" />
      <path d="M44 20c6-6 14-6 18-2-6 5-12 5-18 2z" fill="#4fbf8b" />
      <ellipse cx="28" cy="42" rx="4" ry="7" fill="#fff" opacity=".35" />
    </>
  ),
  Drinks: (
    <>
      <rect x="22" y="26" width="22" height="44" rx="6" fill="#e94b5b" />
      <rect x="22" y="38" width="22" height="14" fill="#fff" opacity=".85" />
      <rect x="27" y="16" width="12" height="12" rx="2" fill="#c7354a" />
      <path d="M50 30h18l-3 40H53z" fill="#9ad9f5" />
      <path d="M51 42h16l-2 28H53z" fill="#f6a623" />
      <path d="M62 12l-3 22" stroke="#4fbf8b" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  Instant: (
    <>
      <path d="M14 40h52c0 16-12 28-26 28S14 56 14 40z" fill="#e4473f" />
      <rect x="12" y="36" width="56" height="6" rx="3" fill="#c7354a" />
      <path d="M20 36c4-6 8 2 12-4s8 2 12-4 8 2 12-4 6 4 8 2" stroke="#f7c948" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M50 10l12 26M58 8l8 28" stroke="#8a5a2b" strokeWidth="3" strokeLinecap="round" />
      <path d="M30 54h20" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  Dairy: (
    <>
      <path d="M24 26l8-10h16l8 10v44H24z" fill="#fff" stroke="#8fb8de" strokeWidth="2" />
      <path d="M24 26h32" stroke="#8fb8de" strokeWidth="2" />
      <rect x="24" y="40" width="32" height="16" fill="#4a90d9" />
      <path d="M34 48c2-3 10-3 12 0" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
      <path d="M52 58l20-8v14l-20 8z" fill="#f7c948" />
      <circle cx="62" cy="60" r="2" fill="#e0a800" />
    </>
  ),
  Bakery: (
    <>
      <path d="M12 50c0-14 12-22 28-22s28 8 28 22v8c0 4-3 6-6 6H18c-3 0-6-2-6-6z" fill="#d9913b" />
      <path d="M12 50c0-14 12-22 28-22s28 8 28 22" fill="none" stroke="#b8732a" strokeWidth="2" />
      <path d="M26 36l6 10M38 33l5 12M50 36l4 10" stroke="#f6d39b" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  Grains: (
    <>
      <path d="M40 72V20" stroke="#c49a3a" strokeWidth="3" strokeLinecap="round" />
      {[24, 34, 44, 54].map((y) => (
        <g key={y} fill="#e5b84b">
          <ellipse cx="34" cy={y} rx="5" ry="8" transform={`rotate(-30 34 ${y})`} />
          <ellipse cx="46" cy={y} rx="5" ry="8" transform={`rotate(30 46 ${y})`} />
        </g>
      ))}
      <ellipse cx="40" cy="16" rx="4" ry="7" fill="#e5b84b" />
    </>
  ),
};

export function CategoryArt({ path, className }: { path: string; className?: string }) {
  return (
    <svg viewBox="0 0 80 80" className={className} aria-hidden="true" focusable="false">
      {ART[path] ?? <circle cx="40" cy="40" r="24" fill="#4fbf8b" />}
    </svg>
  );
}
