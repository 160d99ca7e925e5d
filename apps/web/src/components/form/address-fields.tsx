import { GST_STATES } from '@repo/shared/domain/gstin';
import { NativeSelect, type NativeSelectProps, Textarea, type TextareaProps, TextInput } from '@mantine/core';
import type { Ref } from 'react';
import type { InputFieldProps } from './fields';

/** The states and union territories by name, each with its GST state code as the value. */
const STATE_OPTIONS = Object.entries(GST_STATES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** A one-line billing address: up to 200 characters, the browser's saved street address. */
export function AddressInput(props: TextareaProps & { ref?: Ref<HTMLTextAreaElement> }) {
  return <Textarea autoComplete="street-address" rows={2} resize="vertical" maxLength={200} {...props} />;
}

/** An Indian PIN code: the number pad, the saved postal code, six digits at most. */
export function PinInput(props: InputFieldProps) {
  return <TextInput inputMode="numeric" autoComplete="postal-code" maxLength={6} {...props} />;
}

/**
 * A state or union territory of India (the native picker: good on a phone), its value the GST state code;
 * `placeholder` is the empty first choice.
 */
export function StateSelect({
  placeholder,
  ...props
}: Omit<NativeSelectProps, 'data'> & { placeholder: string; ref?: Ref<HTMLSelectElement> }) {
  return <NativeSelect autoComplete="address-level1" data={[{ value: '', label: placeholder }, ...STATE_OPTIONS]} {...props} />;
}
