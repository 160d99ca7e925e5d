import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseDisplayDate } from '@repo/shared/domain/dates';
import { common } from '@/copy/common';

export type DisplayDateInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** The date as `yyyy-MM-dd`, or empty. */
  value: string | null | undefined;
  /** The date typed or picked as `yyyy-MM-dd`, or '' once cleared. */
  onChange: (value: string) => void;
};

/**
 * A date field as the product shows dates: typed and shown as dd/MM/yyyy (whatever the browser's locale), picked in a
 * calendar above dialogs (its controls named), given and taken as `yyyy-MM-dd`.
 */
export function DisplayDateInput({ value, onChange, popoverProps, ...input }: DisplayDateInputProps) {
  return (
    <DateInput
      {...input}
      valueFormat="DD/MM/YYYY"
      dateParser={parseDisplayDate}
      ariaLabels={common.calendar}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      popoverProps={{ withinPortal: true, zIndex: 400, ...popoverProps }}
    />
  );
}
