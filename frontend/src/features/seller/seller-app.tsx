import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { loadCatalogueImportPage } from '@/features/catalogue-import';
import { loadDashboardPage } from '@/features/dashboard';
import { loadSellerDeliveryPage } from '@/features/delivery';
import { loadSellerCouponsPage } from '@/features/offers';
import { loadPickListPage } from '@/features/slots';
import { InviteRoute, loadStaffPages } from '@/features/staff';
import { AddProductRoute } from './routes/add-product';
import { SellerChatsRoute } from './routes/chats';
import { SellerMailRoute } from './routes/mail';
import { SellerOrdersRoute } from './routes/orders';
import { ProductListRoute } from './routes/product-list';
import { SellerNotFoundRoute } from './routes/seller-not-found';
import { SellerRoot } from './routes/seller-root';
import { ShopDetailsRoute } from './routes/shop-details';

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(async () => ({ default: pick(await load()) }));
}

// The dashboard (with its chart library), the delivery settings, the coupons and the import: chunks of their own inside the seller area.
const DashboardRoute = page(loadDashboardPage, (m) => m.DashboardRoute);
const SellerDeliveryRoute = page(loadSellerDeliveryPage, (m) => m.SellerDeliveryRoute);
const SellerCouponsRoute = page(loadSellerCouponsPage, (m) => m.SellerCouponsRoute);
const ImportProductsRoute = page(loadCatalogueImportPage, (m) => m.ImportProductsRoute);
const PickListRoute = page(loadPickListPage, (m) => m.PickListRoute);
const StaffRoute = page(loadStaffPages, (m) => m.StaffRoute);
const ActivityRoute = page(loadStaffPages, (m) => m.ActivityRoute);
const StaffPasswordRoute = page(loadStaffPages, (m) => m.StaffPasswordRoute);

/** The seller area's routes, under /seller/*: their table is downloaded with the seller area, never by shoppers. */
const sellerRoutes: RouteObject[] = [
  // The invited person has no session yet: the page where they choose a password stands outside the seller area.
  { path: 'invite', element: <InviteRoute /> },
  {
    element: <SellerRoot />,
    children: [
      { index: true, element: <DashboardRoute /> },
      { path: 'add-product', element: <AddProductRoute /> },
      { path: 'product-list', element: <ProductListRoute /> },
      // The original shop also links this spelling (spec §2).
      { path: 'Product-list', element: <ProductListRoute /> },
      { path: 'products/import', element: <ImportProductsRoute /> },
      { path: 'orders', element: <SellerOrdersRoute /> },
      { path: 'slots/:date/:start/picklist', element: <PickListRoute /> },
      { path: 'chats', element: <SellerChatsRoute /> },
      { path: 'delivery', element: <SellerDeliveryRoute /> },
      { path: 'coupons', element: <SellerCouponsRoute /> },
      { path: 'mail', element: <SellerMailRoute /> },
      { path: 'shop', element: <ShopDetailsRoute /> },
      { path: 'staff', element: <StaffRoute /> },
      { path: 'activity', element: <ActivityRoute /> },
      { path: 'password', element: <StaffPasswordRoute /> },
      { path: '*', element: <SellerNotFoundRoute /> },
    ],
  },
];

export function SellerApp() {
  return useRoutes(sellerRoutes);
}
