import { API_MSG, MSG } from '@repo/shared/constants/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscribers } from '#src/db/schema/index.ts';
import { build, testEngine, uniqueEmail } from './helper.ts';

describe(`subscribe form: /api/subscribers (${testEngine})`, async () => {
  const app = await build();
  const subscribe = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/subscribers', payload: payload as Record<string, unknown> });

  it('thanks the visitor, and answers the same the second time with one row kept', async () => {
    const email = uniqueEmail('news');
    const first = await subscribe({ email });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: API_MSG.subscribed });
    const second = await subscribe({ email: ` ${email.toUpperCase()} ` });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await app.db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(rows).toHaveLength(1);
  });

  it('needs no login', async () => {
    expect((await subscribe({ email: uniqueEmail('anon') })).statusCode).toBe(200);
  });

  it('validates the email with the spec messages', async () => {
    for (const [payload, message] of [
      [{}, MSG.emailRequired],
      [{ email: '' }, MSG.emailRequired],
      [{ email: 'someone@' }, MSG.emailInvalid],
      [{ email: 42 }, MSG.emailRequired],
    ] as const) {
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, fieldErrors: { email: message } });
    }
    expect(await app.db.select().from(subscribers).where(eq(subscribers.email, 'someone@'))).toEqual([]);
  });
});
