import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useMatch } from 'react-router-dom';
import { PAGE_PADDING } from '@/components/layout/page-container';
import { Spinner } from '@/components/ui/spinner';
import { loadGoogleFailureNotice, loadLoginModal, LoginDialogProvider, useUser } from '@/features/auth';
import { loadCartSync, loadGuestCartAdoption, loadPhoneCartBar, useCartCount } from '@/features/cart';
import { awaitsVerification, loadVerifyEmailBanner } from '@/features/verify-email';
import { Navbar } from './navbar';

// Below the fold on every page: not part of the first download.
const Footer = lazy(async () => ({ default: (await import('@/components/layout/footer')).Footer }));
// Signed-in shoppers only (its cart cache and mutation code would otherwise join the first download).
const CartSync = lazy(async () => ({ default: (await loadCartSync()).CartSync }));
const GuestCartAdoption = lazy(async () => ({ default: (await loadGuestCartAdoption()).GuestCartAdoption }));
const GoogleFailureNotice = lazy(async () => ({ default: (await loadGoogleFailureNotice()).GoogleFailureNotice }));
// Closed until a shopper opens it: it follows the first page.
const LoginModal = lazy(async () => ({ default: (await loadLoginModal()).LoginModal }));
// Only for a shopper whose address is not confirmed yet (its mutation code stays out of the first download).
const VerifyEmailBanner = lazy(async () => ({ default: (await loadVerifyEmailBanner()).VerifyEmailBanner }));
// Only once something is in the cart.
const PhoneCartBar = lazy(async () => ({ default: (await loadPhoneCartBar()).PhoneCartBar }));
// Going back to where a page was left matters from the second page on: right after the first one.
const ScrollRestoration = lazy(async () => {
  const { useScrollRestoration } = await import('@/lib/use-scroll-restoration');
  return {
    default: function ScrollRestoration() {
      useScrollRestoration();
      return null;
    },
  };
});

/** The shopper's pages: navbar, page, footer, and the login dialog. */
export function StoreLayout() {
  // The cart and product pages have their own bottom bar on phones.
  const onCart = useMatch('/cart');
  const onProduct = useMatch('/products/:category/:id');
  const { data: user } = useUser();
  const cartCount = useCartCount();
  const googleFailed = new URLSearchParams(useLocation().search).get('login') === 'failed';

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
        {awaitsVerification(user) && (
          <Suspense fallback={null}>
            <VerifyEmailBanner />
          </Suspense>
        )}
        <main id="main" className={`flex-1 ${PAGE_PADDING}`}>
          {/* A screen's height while a page's code loads: the footer waits below the fold instead of jumping down. */}
          <Suspense
            fallback={
              <div className="min-h-screen">
                <Spinner />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
        {!onCart && !onProduct && cartCount ? (
          <Suspense fallback={null}>
            <PhoneCartBar />
          </Suspense>
        ) : null}
      </div>
      <Suspense fallback={null}>
        <LoginModal />
      </Suspense>
      <Suspense fallback={null}>
        <ScrollRestoration />
      </Suspense>
      {googleFailed && (
        <Suspense fallback={null}>
          <GoogleFailureNotice />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <GuestCartAdoption />
          <CartSync />
        </Suspense>
      )}
    </LoginDialogProvider>
  );
}
