import { Card, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormActions } from './form-actions';
import { showSubmitError } from './server-errors';

export type AdminFormProps<I extends FieldValues, O> = {
  form: UseFormReturn<I, unknown, O>;
  /** The fields that show the API's messages for them. */
  fields: readonly Path<I>[];
  /** Receives the checked values; a thrown ApiError shows as a toast and its field messages on the form. */
  onSubmit: (values: O) => Promise<unknown>;
  /** The form's accessible name. */
  label: string;
  /** The buttons' words. */
  copy: { submit: string; cancel: string };
  /** Shows Cancel when given. */
  onCancel?: () => void;
  children: ReactNode;
};

/**
 * An admin form in one card: its fields, then Cancel and submit. A failed submit puts the API's field messages under
 * the fields and toasts its message (admin timing).
 */
export function AdminForm<I extends FieldValues, O>({
  form,
  fields,
  onSubmit,
  label,
  copy,
  onCancel,
  children,
}: AdminFormProps<I, O>) {
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (e) {
      showSubmitError(form.setError, fields, 'admin')(e);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Card p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          {children}
          <FormActions
            submitLabel={copy.submit}
            pending={form.formState.isSubmitting}
            onCancel={onCancel}
            cancelLabel={copy.cancel}
          />
        </Stack>
      </Card>
    </form>
  );
}
