export { authKeys } from './api/keys';
export { getSessionQueryOptions, sessionStatus, useSellerSession, useSession, useSessionStatus, type SessionStatus } from './api/get-session';
export { useUser } from './api/get-user';
export { useLogout } from './api/logout';
export { cancelSessionCheck, readSessionUser, refreshSession, setSellerSession, updateSessionUser } from './api/session-cache';
/** Shown only after a failed Google sign-in (/?login=failed): its code loads then. */
export const loadGoogleFailureNotice = () => import('./components/google-failure-notice');
export { LoginDialogProvider, useLoginDialog } from './components/login-dialog-context';
/** The login dialog: downloaded right after the first page (it is closed until a shopper opens it). */
export const loadLoginModal = () => import('./components/login-modal');
export { ProfileMenu } from './components/profile-menu';
export type { Session, User } from './types';
/** The reset-password page (linked from the reset mail) loads with its route. */
export const loadResetPasswordPage = () => import('./routes/reset-password');
