import { describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../domain/dates.ts';
import { BILLING_MSG } from '../constants/messages.ts';
import { GST_STATES } from '../domain/gstin.ts';
import { DEMO_BILLING, newBillingAddress } from '../factories.ts';
import { addressLine, BillingAddress, BillingPin, BillingState, GST_STATE_CODES, GuestAddressInput } from './address.ts';
import { ProfileUpdateInput } from './auth.ts';
import { CreateBookingInput } from './booking.ts';
import { BILLING_ADDRESS_REQUIRED, CheckedGuestBilling } from './gst.ts';

const messageOf = (schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

/** The first message per field. */
function fieldErrors(
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('billing PIN code', () => {
  it.each(['100000', '999999', '560038', ' 560038 '])('accepts %j', (pin) => {
    expect(BillingPin.parse(pin)).toBe(pin.trim());
  });
  it.each([
    ['012345', BILLING_MSG.pinInvalid],
    ['12345', BILLING_MSG.pinInvalid],
    ['1234567', BILLING_MSG.pinInvalid],
    ['099999', BILLING_MSG.pinInvalid],
    ['56003a', BILLING_MSG.pinInvalid],
    ['5600 38', BILLING_MSG.pinInvalid],
    ['５６００３８', BILLING_MSG.pinInvalid],
    ['', BILLING_MSG.pinRequired],
    ['   ', BILLING_MSG.pinRequired],
    [560038, BILLING_MSG.pinRequired],
    [undefined, BILLING_MSG.pinRequired],
  ])('refuses %j with "%s"', (pin, message) => {
    expect(messageOf(BillingPin, pin)).toBe(message);
  });
});

describe('billing state', () => {
  it('takes every GST state or union territory by its code, and the list is the codes in order', () => {
    for (const code of Object.keys(GST_STATES)) expect(BillingState.parse(code)).toBe(code);
    expect(GST_STATE_CODES).toHaveLength(36);
    expect(GST_STATE_CODES[0]).toBe('01');
    expect(GST_STATE_CODES.at(-1)).toBe('38');
    expect(GST_STATE_CODES).toEqual([...GST_STATE_CODES].sort());
  });
  it.each([
    ['25', BILLING_MSG.stateInvalid], // Daman and Diu: merged into 26 in 2020
    ['00', BILLING_MSG.stateInvalid],
    ['39', BILLING_MSG.stateInvalid],
    ['97', BILLING_MSG.stateInvalid],
    ['29 ', undefined],
    ['Karnataka', BILLING_MSG.stateInvalid],
    ['9', BILLING_MSG.stateInvalid],
    ['toString', BILLING_MSG.stateInvalid],
    ['', BILLING_MSG.stateRequired],
    [29, BILLING_MSG.stateRequired],
  ])('%j → %j', (code, message) => {
    expect(messageOf(BillingState, code)).toBe(message);
  });
});

describe('billing address', () => {
  it('is one line of up to 200 characters, trimmed, required', () => {
    expect(BillingAddress.parse('  12 MG Road  ')).toBe('12 MG Road');
    expect(BillingAddress.parse('x'.repeat(200))).toHaveLength(200);
    expect(messageOf(BillingAddress, 'x'.repeat(201))).toBe(BILLING_MSG.addressTooLong);
    expect(messageOf(BillingAddress, '  ')).toBe(BILLING_MSG.addressRequired);
  });
  it('the room dialog asks all three, each message under its field', () => {
    expect(fieldErrors(GuestAddressInput, { guestAddress: '', guestPin: '012345', guestState: '' })).toEqual({
      guestAddress: BILLING_MSG.addressRequired,
      guestPin: BILLING_MSG.pinInvalid,
      guestState: BILLING_MSG.stateRequired,
    });
    expect(
      CheckedGuestBilling.parse({
        guestGstin: '',
        guestCompany: '',
        guestAddress: ' 12 MG Road ',
        guestPin: '560001',
        guestState: '29',
      }),
    ).toEqual({
      guestGstin: null,
      guestCompany: null,
      guestAddress: '12 MG Road',
      guestPin: '560001',
      guestState: '29',
    });
  });
  it('prints in one line with the state named', () => {
    expect(addressLine({ address: '12 MG Road, Bengaluru', pin: '560001', state: '29' })).toBe(
      '12 MG Road, Bengaluru, Karnataka 560001',
    );
  });
});

describe('the hold request', () => {
  const hold = {
    stayId: crypto.randomUUID(),
    checkIn: addDays(todayInIndia(), 10),
    checkOut: addDays(todayInIndia(), 11),
    adults: 1,
    roomNumberIds: [crypto.randomUUID()],
  };
  it('may leave the address out whole (the profile’s is used), blanks counting as left out', () => {
    expect(CreateBookingInput.safeParse(hold).success).toBe(true);
    const blank = CreateBookingInput.parse({ ...hold, guestAddress: ' ', guestPin: '', guestState: null });
    expect(blank).toMatchObject({ guestAddress: null, guestPin: null, guestState: null });
  });
  it('given, takes it whole: each missing part is named', () => {
    expect(fieldErrors(CreateBookingInput, { ...hold, guestAddress: '12 MG Road' })).toEqual({
      guestPin: BILLING_MSG.pinRequired,
      guestState: BILLING_MSG.stateRequired,
    });
    expect(fieldErrors(CreateBookingInput, { ...hold, guestState: '29' })).toEqual({
      guestAddress: BILLING_MSG.addressRequired,
      guestPin: BILLING_MSG.pinRequired,
    });
    expect(CreateBookingInput.parse({ ...hold, guestAddress: '12 MG Road', guestPin: '560001', guestState: '29' })).toMatchObject(
      {
        guestAddress: '12 MG Road',
        guestPin: '560001',
        guestState: '29',
      },
    );
  });
  it('with a GSTIN, needs the address sent with it', () => {
    expect(fieldErrors(CreateBookingInput, { ...hold, guestGstin: '27AAPFU0939F1ZV' })).toEqual({
      guestAddress: BILLING_ADDRESS_REQUIRED,
    });
  });
});

describe('the profile edit', () => {
  it('takes the billing address below the spec’s fields, blanks keeping the old values', () => {
    expect(ProfileUpdateInput.parse(newBillingAddress())).toEqual(newBillingAddress());
    expect(ProfileUpdateInput.parse(DEMO_BILLING)).toEqual(DEMO_BILLING);
    expect(ProfileUpdateInput.parse({ billingAddress: '', billingPin: ' ', billingState: '' })).toEqual({});
    expect(
      fieldErrors(ProfileUpdateInput, { billingPin: '012345', billingState: '25', billingAddress: 'x'.repeat(201) }),
    ).toEqual({
      billingAddress: BILLING_MSG.addressTooLong,
      billingPin: BILLING_MSG.pinInvalid,
      billingState: BILLING_MSG.stateInvalid,
    });
  });
});
