import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';

/**
 * Whether a failed query is tried again: never after a 4xx (it will not change; a 401 has already
 * ended the session) nor after no answer at all (the person is told and can try again); other
 * failures up to twice.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    const { statusCode } = error;
    if (statusCode === 0 || (statusCode >= 400 && statusCode < 500)) return false;
  }
  return failureCount < 2;
}

/** A query client as the console uses it (one per app; tests make their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's providers (TanStack Query). */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
