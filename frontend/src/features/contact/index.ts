/** The contact page loads with its route. */
export const loadContactPage = () => import('./routes/contact');
