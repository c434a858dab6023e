import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface LoginDialogState {
  isOpen: boolean;
  open(): void;
  close(): void;
}

const LoginDialogContext = createContext<LoginDialogState | null>(null);

/** Whether the login dialog is showing: UI state shared by the navbar, the cart page and the dialog. */
export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const value = useMemo(() => ({ isOpen, open: () => setOpen(true), close: () => setOpen(false) }), [isOpen]);
  return <LoginDialogContext value={value}>{children}</LoginDialogContext>;
}

export function useLoginDialog(): LoginDialogState {
  const state = useContext(LoginDialogContext);
  if (!state) throw new Error('useLoginDialog needs a LoginDialogProvider');
  return state;
}
