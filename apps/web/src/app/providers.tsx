import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, OfflineError } from '../api/client';
import { refuseOffline } from '../lib/online';
import { installSessionHold } from './session-hold';

/**
 * Every mutation changes something on the server: offline it is refused at once with an
 * OfflineError ("This needs a connection. You are offline.", said by the offline notice too)
 * instead of waiting, paused, to be sent later (ADR 0024 "Offline panel"). A mutation that does
 * its work on the device says so with `meta: { worksOffline: true }`.
 */
export function refuseMutationOffline(meta: Record<string, unknown> | undefined): void {
  if (meta?.worksOffline === true) return;
  if (refuseOffline()) throw new OfflineError();
}

/**
 * Whether a failed query is tried again: never after a 401 or status 0 (§8: the signal fires and
 * the error is rethrown, not retried) nor after another 4xx (it will not change); other failures
 * up to twice.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    const { statusCode } = error;
    if (statusCode === 0 || (statusCode >= 400 && statusCode < 500)) return false;
  }
  return failureCount < 2;
}

/** One query client for the app. */
export const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    onMutate: (_variables, mutation) => refuseMutationOffline(mutation.options.meta),
  }),
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

// A lost session holds every query and mutation until the session changes (session-hold.ts).
installSessionHold(queryClient);

/** The app's providers (TanStack Query). */
export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
