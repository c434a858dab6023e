/** The seller's dashboard (/seller): its own chunk, with the chart library, loaded only in the seller area. */
export const loadDashboardPage = () => import('./routes/dashboard');
