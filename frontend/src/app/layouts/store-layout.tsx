import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from '@/components/layout/footer';
import { PAGE_PADDING } from '@/components/layout/page-container';
import { GoogleFailureNotice, LoginDialogProvider, LoginModal } from '@/features/auth';
import { GuestCartAdoption } from '@/features/cart';
import { Navbar } from './navbar';

/** The shopper's pages: navbar, page, footer, and the login dialog. */
export function StoreLayout() {
  return (
    <LoginDialogProvider>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <Navbar />
        <main id="main" className={`flex-1 ${PAGE_PADDING}`}>
          <Outlet />
        </main>
        <Footer />
      </div>
      <LoginModal />
      <GoogleFailureNotice />
      <GuestCartAdoption />
      <ScrollRestoration />
    </LoginDialogProvider>
  );
}
