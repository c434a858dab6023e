import { lazy, type ComponentType } from 'react';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { loadAccountPage } from '@/features/account';
import { loadAddressPages } from '@/features/addresses';
import { loadResetPasswordPage } from '@/features/auth';
import { loadChatPage } from '@/features/chat';
import { loadCartPage } from '@/features/checkout';
import { loadContactPage } from '@/features/contact';
import { HomeRoute } from '@/features/home';
import { loadMyOrdersPage, loadOrderPlacedPage } from '@/features/orders';
import { loadProductPages } from '@/features/products';
import { loadSellerPages } from '@/features/seller';
import { loadVerifyEmailPage } from '@/features/verify-email';
import type { Remembered } from '@/lib/remember';
import { StoreLayout } from './layouts/store-layout';
import { RouteErrorBoundary } from './routes/error-page';

/**
 * A page whose code is downloaded when it is first shown (the first page needs only the shell and
 * itself). Code already here (the first page's, asked for at start-up) is handed over at once, so the
 * page is drawn in the first frame rather than after a "loading" one.
 */
function page<M>(load: Remembered<M> | (() => Promise<M>), pick: (module: M) => ComponentType): ComponentType {
  return lazy(() => {
    const module = (load as Remembered<M>).loaded;
    return module
      ? ({ then: (done: (page: { default: ComponentType }) => void) => done({ default: pick(module) }) } as Promise<{ default: ComponentType }>)
      : load().then((m) => ({ default: pick(m) }));
  });
}

const ProductsRoute = page(loadProductPages, (m) => m.ProductsRoute);
const CategoryProductsRoute = page(loadProductPages, (m) => m.CategoryProductsRoute);
const ProductDetailRoute = page(loadProductPages, (m) => m.ProductDetailRoute);
const CartRoute = page(loadCartPage, (m) => m.CartRoute);
const AddAddressRoute = page(loadAddressPages, (m) => m.AddAddressRoute);
const MyOrdersRoute = page(loadMyOrdersPage, (m) => m.MyOrdersRoute);
const OrderPlacedRoute = page(loadOrderPlacedPage, (m) => m.OrderPlacedRoute);
const ContactRoute = page(loadContactPage, (m) => m.ContactRoute);
const ChatRoute = page(loadChatPage, (m) => m.ChatRoute);
const AccountRoute = page(loadAccountPage, (m) => m.AccountRoute);
const ResetPasswordRoute = page(loadResetPasswordPage, (m) => m.ResetPasswordRoute);
const VerifyEmailRoute = page(loadVerifyEmailPage, (m) => m.VerifyEmailRoute);
// The seller area (its pages and their route table) is its own chunk: shoppers never download it.
const SellerApp = page(loadSellerPages, (m) => m.SellerApp);
// Rarely shown: not part of the first download.
const NotFoundPage = page(
  () => import('@/components/layout/not-found-page'),
  (m) => m.NotFoundPage,
);

/** The app's routes; tests mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <StoreLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'products', element: <ProductsRoute /> },
      { path: 'products/:category', element: <CategoryProductsRoute /> },
      { path: 'products/:category/:id', element: <ProductDetailRoute /> },
      { path: 'cart', element: <CartRoute /> },
      // Route spellings kept from the original shop (spec/PRODUCT.md §1).
      { path: 'Add-Adress', element: <AddAddressRoute /> },
      { path: 'My-orders', element: <MyOrdersRoute /> },
      { path: 'order-placed', element: <OrderPlacedRoute /> },
      { path: 'contact', element: <ContactRoute /> },
      { path: 'chat', element: <ChatRoute /> },
      { path: 'account', element: <AccountRoute /> },
      { path: 'reset-password', element: <ResetPasswordRoute /> },
      { path: 'verify-email', element: <VerifyEmailRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '/seller/*', element: <SellerApp /> },
];

/**
 * The routes inside any router. A declarative router (not the data router) keeps the first
 * download small; a page that fails to render or load shows the error page until the address changes.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
