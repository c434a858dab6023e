/** The account page (mail preferences) loads with its route. */
export const loadAccountPage = () => import('./routes/account');
