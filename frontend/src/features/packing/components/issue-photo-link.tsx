/**
 * The photo of a problem report, as the server names it: a private URL (`/api/orders/<id>/photos/<photo>`)
 * that only the order's shopper and the shop's staff who see orders can open, with their session. Opened in a
 * new tab; no copy is kept anywhere (the server says `private, no-cache`, which the service worker honours).
 */
export function IssuePhotoLink({ photo, children }: { photo: string | undefined; children: string }) {
  if (!photo) return null;
  return (
    <p>
      <a href={photo} target="_blank" rel="noreferrer" data-testid="issue-photo" className="underline">
        {children}
      </a>
    </p>
  );
}
