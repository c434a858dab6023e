import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { useSubscribeToNewsletter } from '../api/subscribe';

export function Newsletter() {
  const [email, setEmail] = useState('');
  const inputId = useId();
  const subscribe = useSubscribeToNewsletter({
    onSuccess: (data) => {
      toast.success(data.message || 'You are subscribed!');
      setEmail('');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate({ email });
  };

  return (
    <section className="mt-24 mb-8 flex flex-col items-center justify-center space-y-2 text-center" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading" className="text-2xl font-semibold md:text-4xl">
        Never Miss a Deal!
      </h2>
      <p className="pb-6 text-gray-500 md:text-lg">Subscribe to get the latest offers, new arrivals, and exclusive discounts.</p>
      <form onSubmit={onSubmit} className="flex h-12 w-full max-w-2xl items-center justify-between md:h-13">
        <label htmlFor={inputId} className="sr-only">
          Email address
        </label>
        <input
          id={inputId}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="Enter your email id"
          className="h-full w-full rounded-l-md border border-r-0 border-gray-300 px-3 text-gray-700 focus:border-primary"
        />
        <button
          type="submit"
          disabled={subscribe.isPending}
          className="h-full rounded-r-md bg-primary px-8 text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70 md:px-12"
        >
          {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
        </button>
      </form>
    </section>
  );
}
