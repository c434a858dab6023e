/** "Please confirm your email" for a signed-in shopper whose address waits for its link: loaded only for them. */
export const loadVerifyEmailBanner = () => import('./components/verify-email-banner');
/** Whether the session's shopper still has to confirm their address (`emailVerified: false`; absent once verified). */
export const awaitsVerification = (user: unknown): boolean => !!user && (user as { emailVerified?: boolean }).emailVerified === false;
/** The page the verification mail links to (/verify-email#token=…) loads with its route. */
export const loadVerifyEmailPage = () => import('./routes/verify-email');
