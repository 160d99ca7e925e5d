import { NumberInput, type NumberInputProps, Select, type SelectProps } from '@mantine/core';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

/** A form field bound by name to react-hook-form; its message comes from the field's own state. */
type Bound<T extends FieldValues> = {
  // biome-ignore lint/suspicious/noExplicitAny: a form's control is typed by its input and output values; only the input matters here.
  control: Control<T, any, any>;
  name: Path<T>;
};

type Inherited<P> = Omit<P, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'error'>;

/** The value, handlers and message of a form field, to spread on a Mantine input. */
function useBound<T extends FieldValues>({ control, name }: Bound<T>) {
  const { field, fieldState } = useController({ control, name });
  return { value: field.value, onChange: field.onChange, onBlur: field.onBlur, error: fieldState.error?.message };
}

/** A number field of a form. */
export function NumberField<T extends FieldValues>({ control, name, ...input }: Bound<T> & Inherited<NumberInputProps>) {
  return <NumberInput {...input} {...useBound({ control, name })} />;
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
