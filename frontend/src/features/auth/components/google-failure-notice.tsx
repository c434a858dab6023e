import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { useSearchParams } from 'react-router-dom';

/** The Google callback sends a refused or failed sign-in back to `/?login=failed`: say so, then tidy the URL. */
export function GoogleFailureNotice() {
  const [params, setParams] = useSearchParams();
  const failed = params.get('login') === 'failed';

  useEffect(() => {
    if (!failed) return;
    toast.error('Google sign-in was cancelled or failed. Please try again.', { id: 'google-login-failed' });
    setParams(
      (current) => {
        current.delete('login');
        return current;
      },
      { replace: true },
    );
  }, [failed, setParams]);

  return null;
}
