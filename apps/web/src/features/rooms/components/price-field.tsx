import type { NumberInputProps } from '@mantine/core';
import { todayInIndia } from '@repo/shared/domain/dates';
import { slabsOn, tariffParts, unslabbedBandOf } from '@repo/shared/domain/gst';
import { GST_ACCOMMODATION_RATES } from '@repo/shared/domain/gst-rates';
import { nightAccount } from '@repo/shared/domain/night-account';
import { formatPaise, formatRupees } from '@repo/shared/domain/money';
import type { StayEarningTermsDto } from '@repo/shared/schemas/payouts';
import { Fragment } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useController } from 'react-hook-form';
import { RupeesField } from '@/components/form/controlled-fields';
import { ROOMS_COPY } from '../copy';

/** A minimum-stay input's props (whole nights, 1 to 60) with its label and hint, for the rate forms. */
export const minNightsInput = (copy: { minNights: string; minNightsHint: string }) => ({
  label: copy.minNights,
  description: copy.minNightsHint,
  min: 1,
  max: 60,
  allowDecimal: false,
});

/** The largest price the shared schema takes (rupees a night). */
const MAX_PRICE = 10_000_000;

/** A price the owner typed as a whole number of rupees the schema could take, else null. */
function typedPrice(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_PRICE ? n : null;
}

const g = ROOMS_COPY.gst;

/**
 * What a night at a tax-inclusive price holds at today's rates (India date): 'Guest pays ₹X · GST ₹Y (Z%)', split
 * as each night of an invoice line is; with the stay's `terms`, then the platform's fee and the GST on it, what the
 * stay receives (what a settlement line credits for the night, `nightAccount`) and the TCS and TDS withheld from it.
 * Null while the field holds no price or one that fits no slab (the field's error says so).
 */
export function gstLine(value: unknown, today = todayInIndia(), terms?: StayEarningTermsDto): string | null {
  const price = typedPrice(value);
  if (price === null || unslabbedBandOf(price, today, GST_ACCOMMODATION_RATES)) return null;
  const parts = tariffParts(price, slabsOn(GST_ACCOMMODATION_RATES, today));
  const line = g.line(formatRupees(price), formatPaise(parts.gst), parts.ratePercent);
  if (!terms) return line;
  const a = nightAccount(price, parts.ratePercent, terms);
  const withheld = [...(a.tcs > 0 ? [g.tcs(formatPaise(a.tcs))] : []), ...(a.tds > 0 ? [g.tds(formatPaise(a.tds))] : [])];
  return [
    line,
    g.fee(String(terms.feeBp / 100), formatPaise(a.fee), formatPaise(a.feeGst)),
    terms.byPlatform ? g.receives(formatPaise(a.net)) : g.receivesWithGst(formatPaise(a.net), formatPaise(a.net - a.gst)),
    ...(withheld.length > 0 ? [g.withheld(withheld)] : []),
  ].join(' · ');
}

export type PriceFieldProps<T extends FieldValues> = Omit<
  NumberInputProps,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'error' | 'success' | 'form'
> & {
  // biome-ignore lint/suspicious/noExplicitAny: a form is typed by its input and output values; only the input matters here.
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  /** The stay's terms of sale: with them the line says what the stay receives (while loading, only the GST). */
  terms?: StayEarningTermsDto;
};

/**
 * A price of a room (rupees a night, GST included) with, under it as the owner types, the GST in it and what the
 * stay receives. A price that fits no GST slab shows the schema's message at once, not only on submit.
 */
export function PriceField<T extends FieldValues>({ form, name, terms, ...input }: PriceFieldProps<T>) {
  const { field, fieldState } = useController({ control: form.control, name });
  const line = fieldState.error ? null : gstLine(field.value, todayInIndia(), terms);
  return (
    <RupeesField
      control={form.control}
      name={name}
      {...input}
      onValueChange={(values) => {
        // The schema's verdict as the owner types when the price fits no slab, and until a wrong price is put right.
        const price = typedPrice(values.floatValue);
        if (fieldState.error || (price !== null && unslabbedBandOf(price, todayInIndia(), GST_ACCOMMODATION_RATES)))
          queueMicrotask(() => void form.trigger(name));
      }}
      success={line && <Parts line={line} />}
      withSuccessStyles={false}
      successProps={{ c: 'gray.7' }}
    />
  );
}

/** The line's parts each kept whole, so a narrow field breaks it only between them. */
function Parts({ line }: { line: string }) {
  const parts = line.split(' · ');
  return parts.map((part, i) => (
    <Fragment key={part}>
      <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
      {i < parts.length - 1 ? ' · ' : null}
    </Fragment>
  ));
}
