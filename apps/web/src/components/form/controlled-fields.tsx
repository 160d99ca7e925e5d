import {
  MultiSelect,
  type MultiSelectProps,
  NumberInput,
  type NumberInputProps,
  Select,
  type SelectProps,
  TagsInput,
  type TagsInputProps,
} from '@mantine/core';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { DisplayDateInput, type DisplayDateInputProps } from './display-date-input';

/** A form field bound by name to react-hook-form; its message comes from the field's own state. */
type Bound<T extends FieldValues> = {
  // biome-ignore lint/suspicious/noExplicitAny: a form's control is typed by its input and output values; only the input matters here.
  control: Control<T, any, any>;
  name: Path<T>;
};

type Inherited<P> = Omit<P, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'error'>;

/** A field's own message (not its items'). */
export const ownMessageOf = (error: unknown): string | undefined =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : undefined;

/** The first message of a field, also when the field is a list with per-item errors. */
export function messageOf(error: unknown): string | undefined {
  const own = ownMessageOf(error);
  if (own) return own;
  if (!Array.isArray(error)) return undefined;
  const items: readonly unknown[] = error;
  for (const item of items) {
    const message = ownMessageOf(item);
    if (message) return message;
  }
  return undefined;
}

/** The value, handlers and message of a form field, to spread on a Mantine input. */
function useBound<T extends FieldValues>({ control, name }: Bound<T>) {
  const { field, fieldState } = useController({ control, name });
  return { value: field.value, onChange: field.onChange, onBlur: field.onBlur, error: messageOf(fieldState.error) };
}

/** A number field of a form. */
export function NumberField<T extends FieldValues>({ control, name, ...input }: Bound<T> & Inherited<NumberInputProps>) {
  return <NumberInput {...input} {...useBound({ control, name })} />;
}

/** A date of a form, typed and shown as dd/MM/yyyy; its value is `yyyy-MM-dd` ('' while empty). */
export function DateField<T extends FieldValues>({ control, name, ...input }: Bound<T> & Inherited<DisplayDateInputProps>) {
  return <DisplayDateInput {...input} {...useBound({ control, name })} />;
}

/** An amount in whole rupees, grouped the Indian way (₹1,00,000). */
export function RupeesField<T extends FieldValues>(props: Bound<T> & Inherited<NumberInputProps>) {
  return <NumberField allowDecimal={false} thousandSeparator="," thousandsGroupStyle="lakh" prefix="₹" {...props} />;
}

export type SelectFieldProps<T extends FieldValues> = Bound<T> &
  Inherited<SelectProps> & {
    /** The option shown for the form's value (the value itself when absent). */
    format?: (value: unknown) => string | null;
    /** The form's value for the chosen option (the option itself when absent). */
    parse?: (option: string | null) => unknown;
  };

/** A pick-one field of a form; an option stays chosen (it cannot be cleared). */
export function SelectField<T extends FieldValues>({ control, name, format, parse, ...input }: SelectFieldProps<T>) {
  const { value, onChange, ...bound } = useBound({ control, name });
  return (
    <Select
      allowDeselect={false}
      {...input}
      {...bound}
      value={format ? format(value) : value}
      onChange={(option) => onChange(parse ? parse(option) : option)}
    />
  );
}

export type YesNoFieldProps<T extends FieldValues> = Bound<T> &
  Inherited<SelectProps> & {
    /** The two options' words: yes first. */
    options: [yes: string, no: string];
    /** What the form holds for yes and for no (true and false when absent). */
    values?: [yes: unknown, no: unknown];
  };

/** A yes/no choice of a form as two options; `true` in the form also reads as yes. */
export function YesNoField<T extends FieldValues>({ options, values = [true, false], ...props }: YesNoFieldProps<T>) {
  const [yes, no] = options;
  return (
    <SelectField
      {...props}
      data={options}
      format={(value) => (value === true || value === values[0] ? yes : no)}
      parse={(option) => (option === yes ? values[0] : values[1])}
    />
  );
}

/** A list of texts picked from the given options. */
export function MultiSelectField<T extends FieldValues>({ control, name, ...input }: Bound<T> & Inherited<MultiSelectProps>) {
  const { value, ...bound } = useBound({ control, name });
  return <MultiSelect {...input} {...bound} value={Array.isArray(value) ? value.map(String) : []} />;
}

/** A list typed as tags (numbers show as their text). */
export function TagsField<T extends FieldValues>({ control, name, ...input }: Bound<T> & Inherited<TagsInputProps>) {
  const { value, ...bound } = useBound({ control, name });
  return <TagsInput {...input} {...bound} value={(Array.isArray(value) ? value : []).map(String)} />;
}
