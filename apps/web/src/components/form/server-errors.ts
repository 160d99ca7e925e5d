import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { type ToastArea, toast } from '@/lib/notify';

/**
 * Puts the API's per-field messages (`fieldErrors`) under the matching form fields; a message about one item of a
 * list field ('roomNumbers.0') goes under the list. Returns true when at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  if (!(err instanceof ApiError) || !err.fieldErrors) return false;
  let applied = false;
  for (const [key, message] of Object.entries(err.fieldErrors)) {
    const field = fields.find((name) => key === name || key.startsWith(`${name}.`));
    if (field && message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/** The handler of a failed submit: the API's field messages under the fields, and its message as a toast. */
export function showSubmitError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  area: ToastArea = 'default',
) {
  return (err: unknown) => {
    applyServerErrors(err, setError, fields);
    toast.fromError(err, area);
  };
}
