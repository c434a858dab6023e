const loads = new Map<string, Promise<void>>();

/**
 * Adds a classic `<script src>` to the page once per address and resolves when it has run.
 * Later calls share the same load; a failed load is forgotten, so the next call tries again.
 */
export function loadScript(src: string): Promise<void> {
  const pending = loads.get(src);
  if (pending) return pending;
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      loads.delete(src);
      reject(new Error(`Could not load ${src}`));
    });
    document.head.append(script);
  });
  loads.set(src, load);
  return load;
}
