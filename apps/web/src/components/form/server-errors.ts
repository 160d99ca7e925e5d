import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the API's per-field messages (`fieldErrors`) under the matching form fields.
 * Returns true when at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  if (!(err instanceof ApiError) || !err.fieldErrors) return false;
  let applied = false;
  for (const field of fields) {
    const message = err.fieldErrors[field];
    if (message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
