import { useState } from 'react';

/**
 * A product picture with a neutral placeholder when there is none or it fails to load. Loaded when
 * scrolled near, unless `eager` (on the first screen) or `priority` (the page's main picture: at once, first).
 */
export function ProductImage({
  src,
  alt,
  className = '',
  priority = false,
  eager = priority,
}: {
  src: string | undefined;
  alt: string;
  className?: string;
  priority?: boolean;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div role="img" aria-label={alt} className={`flex items-center justify-center bg-gray-100 text-gray-300 ${className}`}>
        <svg viewBox="0 0 24 24" className="h-1/3 w-1/3" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="m21 17-5-5-9 8" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={`object-contain ${className}`}
    />
  );
}
