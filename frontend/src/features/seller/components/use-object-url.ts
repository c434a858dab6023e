import { useEffect, useState } from 'react';

/** A preview URL for a picked file, revoked when the file changes or the component goes away. */
export function useObjectUrl(file: File | null | undefined): string | undefined {
  const [preview, setPreview] = useState<{ file: File; url: string }>();

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    let current = true;
    // Shown once the browser has read the picture; a later file or unmounting cancels it.
    const image = new Image();
    image.onload = image.onerror = () => {
      if (current) setPreview({ file, url });
    };
    image.src = url;
    return () => {
      current = false;
      URL.revokeObjectURL(url);
    };
  }, [file]);

  return preview && preview.file === file ? preview.url : undefined;
}
