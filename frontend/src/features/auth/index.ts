export { authKeys } from './api/keys';
export { getUserQueryOptions, useUser } from './api/get-user';
export { useLogout } from './api/logout';
export { GoogleFailureNotice } from './components/google-failure-notice';
export { LoginDialogProvider, useLoginDialog } from './components/login-dialog-context';
export { LoginModal } from './components/login-modal';
export { ProfileMenu } from './components/profile-menu';
export type { User } from './types';
