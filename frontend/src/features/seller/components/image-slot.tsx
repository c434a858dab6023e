import type { ChangeEvent, ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { ACCEPTED_IMAGE_TYPES, checkImageContent, checkImageFile } from '../product-images';

/**
 * Picks one image file: checks type, size and its first bytes (a renamed file is never previewed as a
 * broken picture), shows why a file was refused, naming it. Clears the input so the same file can be picked again.
 */
async function pickImage(event: ChangeEvent<HTMLInputElement>, onPick: (file: File) => void) {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (!file) return;
  const problem = checkImageFile(file) ?? (await checkImageContent(file).catch(() => null));
  if (problem) {
    toast.error(problem);
    return;
  }
  onPick(file);
}

/** A square picture tile that is a file picker: a label wrapping a hidden file input. */
export function ImagePickerTile({ label, preview, onPick, children }: { label: string; preview?: string; onPick: (file: File) => void; children?: ReactNode }) {
  return (
    <label className="group relative flex h-24 w-24 cursor-pointer items-center justify-center overflow-hidden rounded border border-dashed border-gray-300 bg-white focus-within:ring-2 focus-within:ring-primary-dull hover:border-primary">
      <input type="file" accept={ACCEPTED_IMAGE_TYPES.join(',')} className="sr-only" onChange={(event) => void pickImage(event, onPick)} />
      <span className="sr-only">{label}</span>
      {preview ? (
        <img src={preview} alt="" className="h-full w-full object-contain" />
      ) : (
        <span aria-hidden="true" className="flex flex-col items-center text-xs text-gray-500 group-hover:text-primary">
          <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </svg>
          Upload
        </span>
      )}
      {children}
    </label>
  );
}
