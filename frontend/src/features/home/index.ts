/** The home page loads with its route. */
export const loadHomePage = () => import('./routes/home');
