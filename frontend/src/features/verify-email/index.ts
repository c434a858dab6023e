/** "Please confirm your email" for a signed-in shopper whose address waits for its link (nothing otherwise). */
export { VerifyEmailBanner } from './components/verify-email-banner';
/** The page the verification mail links to (/verify-email#token=…) loads with its route. */
export const loadVerifyEmailPage = () => import('./routes/verify-email');
