import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { useSellerLogin } from '../api/seller-login';

/** One toast for signing in: 'Logged in as seller' replaces an earlier 'Invalid email or password'. */
const SELLER_TOAST = { id: 'seller-session' };

export function SellerLoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const login = useSellerLogin();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerMessage(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          // The seller stays on the page they asked for: the seller area renders it once the session answers.
          toast.success('Logged in as seller', SELLER_TOAST);
        },
        onError: (error) => {
          const message = errorMessage(error);
          setServerMessage(message);
          toast.error(message, SELLER_TOAST);
        },
      },
    );
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 text-sm text-gray-600">
      <title>Seller login · GreenCart</title>
      <form onSubmit={onSubmit} className="flex w-full max-w-sm flex-col gap-5 rounded-lg border border-gray-200 bg-white p-8 py-12 shadow-xl">
        <h1 className="m-auto text-2xl font-medium">
          <span className="text-primary">Seller</span> Login
        </h1>
        <TextField
          label="Email"
          type="email"
          value={email}
          onValueChange={setEmail}
          placeholder="seller@example.com"
          autoComplete="username"
          required
          autoFocus
        />
        <TextField
          label="Password"
          type="password"
          value={password}
          onValueChange={setPassword}
          placeholder="Your password"
          autoComplete="current-password"
          required
        />
        {serverMessage && (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-red-700">
            {serverMessage}
          </p>
        )}
        <button
          type="submit"
          disabled={login.isPending}
          className="min-h-11 w-full rounded-md bg-primary py-2 text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
        >
          {login.isPending ? 'Please wait…' : 'Login'}
        </button>
        <a href="/" className="inline-flex min-h-11 items-center justify-center text-primary underline-offset-2 hover:underline">
          Back to the shop
        </a>
      </form>
    </main>
  );
}
