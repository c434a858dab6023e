const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** When a message was sent: "7:45 pm" today, "12 Jun, 7:45 pm" on another day. */
export function messageTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = at.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' });
  return sameDay(at, now) ? time : `${at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short' })}, ${time}`;
}

/** The inbox's short time: "7:45 pm" today, "12 Jun" before. */
export function inboxTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return sameDay(at, now)
    ? at.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' })
    : at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short' });
}
