import type { ReactNode } from 'react';

/** A file picker with its label, what it takes, and why the picked file will not do. */
export function FileField({
  id,
  label,
  accept,
  hint,
  problem,
  onPick,
}: {
  id: string;
  label: ReactNode;
  accept: string;
  hint: ReactNode;
  problem?: string;
  onPick: (file: File | null) => void;
}) {
  const describedBy = problem ? `${id}-problem` : `${id}-hint`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-base font-medium text-gray-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        // Emptied on each click: picking the same file again (saved after a fix) still counts as a pick.
        onClick={(event) => {
          event.currentTarget.value = '';
        }}
        onChange={(event) => onPick(event.target.files?.[0] ?? null)}
        aria-describedby={describedBy}
        aria-invalid={problem ? true : undefined}
        className={`w-full rounded border bg-white text-sm text-gray-700 file:mr-3 file:min-h-11 file:cursor-pointer file:border-0 file:border-r file:border-gray-300 file:bg-gray-50 file:px-4 file:text-sm file:font-medium file:text-gray-800 hover:file:bg-gray-100 ${problem ? 'border-red-400' : 'border-gray-300'}`}
      />
      {problem ? (
        <p id={`${id}-problem`} className="text-sm text-red-700">
          {problem}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
    </div>
  );
}
