import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { LoadErrorAlert, type LoadErrorAlertProps } from './load-error-alert';

/** What a loading state reads of a query (a TanStack Query `useQuery` result fits). */
export type QueryLike<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
};

export type QueryStateProps<T> = {
  query: QueryLike<T>;
  /** Shown while the first answer is awaited. */
  skeleton: ReactNode;
  /** What could not be loaded. */
  errorTitle: string;
  /** The error's text (the server's message when absent). */
  errorText?: (error: Error) => ReactNode;
  /** The way on after an error: a retry button with this label, or a link elsewhere. */
  recover: { retry: string } | { label: string; to: string };
  children: (data: T) => ReactNode;
};

/** A query's three faces: the skeleton while it loads, the error with a way on, or the content for its data. */
export function QueryState<T>({ query, skeleton, errorTitle, errorText, recover, children }: QueryStateProps<T>) {
  if (query.isPending) return skeleton;
  if (query.isError) {
    const error = query.error ?? new Error();
    const action: LoadErrorAlertProps['action'] =
      'retry' in recover ? { label: recover.retry, onClick: () => query.refetch() } : recover;
    return <LoadErrorAlert title={errorTitle} message={errorText ? errorText(error) : error.message} action={action} />;
  }
  return children(query.data as T);
}

/** An error text that names a missing (or malformed) id as missing, and shows the server's message otherwise. */
export const missingOr = (missing: string) => (error: Error) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400) ? missing : error.message;
