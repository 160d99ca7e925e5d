import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, newRoomType, newStay, newUser, uniqueEmail } from './factories.ts';
import { RegisterInput } from './schemas/auth.ts';
import { RoomTypeInput } from './schemas/room.ts';
import { StayFields } from './schemas/stay.ts';

describe('factories', () => {
  it('make inputs the shared schemas accept, with overrides applied', () => {
    expect(RegisterInput.safeParse(newUser()).success).toBe(true);
    expect(RegisterInput.safeParse(newUser({ password: 'Other@1234' })).data).toMatchObject({ confirmPassword: 'Other@1234' });
    expect(StayFields.safeParse(newStay()).success).toBe(true);
    expect(StayFields.safeParse(newStay({ type: 'Villa', city: 'Goa' })).data).toMatchObject({ type: 'Villa' });
    expect(RoomTypeInput.safeParse(newRoomType()).success).toBe(true);
    expect(RoomTypeInput.safeParse(newRoomType({ roomNumbers: [7] })).data).toMatchObject({ roomNumbers: [7] });
  });

  it('give every user a new email, and demo accounts that can sign up', () => {
    expect(newUser().email).not.toBe(newUser().email);
    expect(uniqueEmail('a')).not.toBe(uniqueEmail('a'));
    for (const account of [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.guest])
      expect(RegisterInput.safeParse({ ...account, confirmPassword: account.password }).success).toBe(true);
  });
});
