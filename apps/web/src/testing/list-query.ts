import { vi } from 'vitest';
import type { ListQuery } from '@/components/ui/admin-table';

/** A list query that has loaded these rows. */
export const loadedQuery = <T>(data: T[]): ListQuery<T> => ({
  data,
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
});

/** A list query still waiting for its first answer. */
export const pendingQuery = <T>(): ListQuery<T> => ({
  data: undefined,
  isPending: true,
  isError: false,
  error: null,
  refetch: vi.fn(),
});

/** A list query that failed with this message. */
export const failedQuery = <T>(message: string): ListQuery<T> => ({
  data: undefined,
  isPending: false,
  isError: true,
  error: new Error(message),
  refetch: vi.fn(),
});
