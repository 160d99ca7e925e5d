import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import { LIMITS } from '@repo/shared/constants/domain';
import type { Ref } from 'react';
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';

/** An input's props with the ref react-hook-form's `register` hands over. */
export type InputFieldProps = TextInputProps & { ref?: Ref<HTMLInputElement> };

/** A registered field with its current message, as `fieldProps` gives it. */
export type RegisteredField = UseFormRegisterReturn & { error?: string };

/**
 * A field's registration and its current message, to spread on an input: `<EmailInput {...fieldProps(form, 'email')} />`.
 * Reading the message through the form state re-renders the form when it changes.
 */
export function fieldProps<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, name: Path<T>): RegisteredField {
  const error: FieldError | undefined = get(form.formState.errors, name);
  return { ...form.register(name), error: error?.message };
}

/** An email address: the email keyboard and the browser's saved address. */
export function EmailInput(props: InputFieldProps) {
  return <TextInput type="email" inputMode="email" autoComplete="email" {...props} />;
}

/** A mobile number: the number pad, the saved national number and at most the allowed digits. */
export function MobileInput(props: InputFieldProps) {
  return <TextInput type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={LIMITS.mobileDigits} {...props} />;
}

/** First and last name side by side (stacked on a phone), with the browser's saved names. */
export function NameInputs({ first, last }: { first: InputFieldProps; last: InputFieldProps }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
      <TextInput autoComplete="given-name" {...first} />
      <TextInput autoComplete="family-name" {...last} />
    </SimpleGrid>
  );
}
