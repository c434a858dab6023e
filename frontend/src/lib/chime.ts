/** A short two-note chime made with Web Audio (no sound file to download). */
let context: AudioContext | undefined;

/** How long a context that is allowed to play takes to start running. */
const START_GRACE_MS = 1000;
let blocked = false;
const blockedListeners = new Set<() => void>();

function setBlocked(next: boolean): void {
  if (blocked === next) return;
  blocked = next;
  blockedListeners.forEach((listener) => listener());
}

function audio(): AudioContext | undefined {
  if (typeof AudioContext === 'undefined') return undefined;
  if (!context) {
    const created = new AudioContext();
    created.addEventListener('statechange', () => {
      if (created.state === 'running') setBlocked(false);
    });
    context = created;
  }
  return context;
}

/** Whether the browser still keeps the chime silent a moment after it was asked to play (autoplay rule). */
function checkSoonAfter(ctx: AudioContext): void {
  setTimeout(() => setBlocked(ctx.state !== 'running'), START_GRACE_MS);
}

/**
 * Browsers keep audio silent until the person has interacted with the page: call this from a click or
 * key press so later chimes can play.
 */
export function unlockChime(): void {
  const ctx = audio();
  if (ctx?.state === 'suspended')
    void ctx
      .resume()
      .then(() => setBlocked(false))
      .catch(() => setBlocked(true));
}

/** Finds out whether the chime could play now (created without a tap, a context stays suspended). */
export function checkChime(): void {
  const ctx = audio();
  if (ctx && ctx.state !== 'running') checkSoonAfter(ctx);
}

export function subscribeChimeBlocked(listener: () => void): () => void {
  blockedListeners.add(listener);
  return () => blockedListeners.delete(listener);
}

export const chimeBlocked = (): boolean => blocked;

export function playChime(): void {
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') {
    void ctx.resume().catch(() => setBlocked(true));
    checkSoonAfter(ctx);
  }
  const start = ctx.currentTime + 0.01;
  [880, 1320].forEach((frequency, index) => {
    const at = start + index * 0.16;
    const tone = ctx.createOscillator();
    const volume = ctx.createGain();
    tone.type = 'sine';
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    tone.connect(volume).connect(ctx.destination);
    tone.start(at);
    tone.stop(at + 0.32);
  });
}
