import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// jsdom has no <dialog> behaviour: open and close it the way a browser does, enough for the login dialog.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
// react-hot-toast asks for prefers-reduced-motion; jsdom has no media queries: nothing matches.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;
// React Router's ScrollRestoration scrolls on navigation; jsdom does not implement scrolling.
window.scrollTo = () => {};

// findBy*/waitFor give up after 5 s, not 1 s: the first render of a file imports the whole app, slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// An unexpected request fails the test loudly instead of leaving the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  toast.remove();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Stores kept in storage (the guest cart, the applied coupon) re-read it, as when another tab cleared it.
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
});
afterAll(() => server.close());
