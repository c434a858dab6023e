import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { useSellerLogin } from '../api/seller-login';

export function SellerLoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const login = useSellerLogin();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerMessage(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          toast.success('Logged in as seller');
          navigate('/seller');
        },
        onError: (error) => {
          const message = errorMessage(error);
          setServerMessage(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 text-sm text-gray-600">
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
          className="w-full rounded-md bg-primary py-2 text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
        >
          {login.isPending ? 'Please wait…' : 'Login'}
        </button>
        <a href="/" className="text-center text-primary underline-offset-2 hover:underline">
          Back to the shop
        </a>
      </form>
    </main>
  );
}
