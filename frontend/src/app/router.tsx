import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AddAddressRoute } from '@/features/addresses';
import { ChatRoute } from '@/features/chat';
import { CartRoute } from '@/features/checkout';
import { ContactRoute } from '@/features/contact';
import { HomeRoute } from '@/features/home';
import { MyOrdersRoute } from '@/features/orders';
import { CategoryProductsRoute, ProductDetailRoute, ProductsRoute } from '@/features/products';
import { loadSellerPages } from '@/features/seller';
import { StoreLayout } from './layouts/store-layout';
import { ErrorPage } from './routes/error-page';
import { NotFoundRoute } from './routes/not-found';

/** The app's routes; tests mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <StoreLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'products', element: <ProductsRoute /> },
      { path: 'products/:category', element: <CategoryProductsRoute /> },
      { path: 'products/:category/:id', element: <ProductDetailRoute /> },
      { path: 'cart', element: <CartRoute /> },
      // Route spellings kept from the original shop (spec/PRODUCT.md §1).
      { path: 'Add-Adress', element: <AddAddressRoute /> },
      { path: 'My-orders', element: <MyOrdersRoute /> },
      { path: 'contact', element: <ContactRoute /> },
      { path: 'chat', element: <ChatRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    // The seller area is its own chunk: shoppers never download it.
    path: '/seller',
    errorElement: <ErrorPage />,
    lazy: async () => ({ Component: (await loadSellerPages()).SellerRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await loadSellerPages()).AddProductRoute }) },
      { path: 'product-list', lazy: async () => ({ Component: (await loadSellerPages()).ProductListRoute }) },
      // The original shop also links this spelling (spec §2).
      { path: 'Product-list', lazy: async () => ({ Component: (await loadSellerPages()).ProductListRoute }) },
      { path: 'orders', lazy: async () => ({ Component: (await loadSellerPages()).SellerOrdersRoute }) },
      { path: 'chats', lazy: async () => ({ Component: (await loadSellerPages()).SellerChatsRoute }) },
      { path: '*', lazy: async () => ({ Component: (await loadSellerPages()).SellerNotFoundRoute }) },
    ],
  },
];

export const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
