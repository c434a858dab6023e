import { QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

const defaultOptions: DefaultOptions = {
  queries: {
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    // A 4xx answer will not change on retry; network and server errors might.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions });
}

export const queryClient = createQueryClient();

/** Extra options a caller may pass to a feature's query hook (bulletproof-react style). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any options factory
export type QueryConfig<T extends (...args: any[]) => any> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

export type MutationConfig<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any mutation function
  MutationFnType extends (...args: any[]) => Promise<unknown>,
> = UseMutationOptions<Awaited<ReturnType<MutationFnType>>, Error, Parameters<MutationFnType>[0]>;
