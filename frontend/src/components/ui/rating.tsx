import { StarIcon } from './icons';

/** The shop shows a fixed rating: 4.1 out of 5, four stars filled (spec §9). */
const RATING = { value: 4.1, filledStars: 4, outOf: 5 } as const;

export function Rating({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const star = size === 'sm' ? 'h-3.5 w-3.5' : 'h-4 w-4';
  return (
    <div className="flex items-center gap-0.5" role="img" aria-label={`Rated ${RATING.value} out of ${RATING.outOf}`}>
      {Array.from({ length: RATING.outOf }, (_, index) => (
        <StarIcon key={index} filled={index < RATING.filledStars} className={star} />
      ))}
      <span className={`ml-1 text-gray-500 ${size === 'sm' ? 'text-xs' : 'text-sm'}`} aria-hidden="true">
        ({RATING.value})
      </span>
    </div>
  );
}
