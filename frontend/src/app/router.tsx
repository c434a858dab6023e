import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AddAddressRoute } from '@/features/addresses/routes/add-address';
import { CartRoute } from '@/features/cart/routes/cart';
import { ContactRoute } from '@/features/contact/routes/contact';
import { HomeRoute } from '@/features/home/routes/home';
import { CategoryProductsRoute } from '@/features/products/routes/category-products';
import { ProductDetailRoute } from '@/features/products/routes/product-detail';
import { MyOrdersRoute } from '@/features/orders/routes/my-orders';
import { ProductsRoute } from '@/features/products/routes/products';
import { StoreLayout } from './layouts/store-layout';
import { ErrorPage } from './routes/error-page';
import { NotFoundRoute } from './routes/not-found';

export const router = createBrowserRouter([
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
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    // The seller area is its own chunk: shoppers never download it.
    path: '/seller',
    errorElement: <ErrorPage />,
    lazy: async () => ({ Component: (await import('@/features/seller/routes/seller-root')).SellerRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('@/features/seller/routes/add-product')).AddProductRoute }) },
      { path: 'product-list', lazy: async () => ({ Component: (await import('@/features/seller/routes/product-list')).ProductListRoute }) },
      // The original shop also links this spelling (spec §2).
      { path: 'Product-list', lazy: async () => ({ Component: (await import('@/features/seller/routes/product-list')).ProductListRoute }) },
      { path: 'orders', lazy: async () => ({ Component: (await import('@/features/seller/routes/orders')).SellerOrdersRoute }) },
      { path: '*', lazy: async () => ({ Component: (await import('@/features/seller/routes/seller-not-found')).SellerNotFoundRoute }) },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
