import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { API_MSG } from '@repo/shared/constants/messages';
import { SMTPServer } from 'smtp-server';
import { count, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '#src/db/schema/index.ts';
import { book, day, guest, sandboxPayment, stayWithRooms } from './bookings.fixtures.ts';
import { build, createUser, decodeQuotedPrintable, outboxFiles, type TestApp, testEngine, waitForMail } from './helper.ts';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const next = (count: number, timeoutMs = 10_000) =>
    new Promise<Received>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no mail received')), timeoutMs);
      const check = () => {
        const mail = received[count - 1];
        if (mail) {
          clearTimeout(timer);
          resolve(mail);
        } else waiters.push(check);
      };
      check();
    });
  return { port, received, next, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const LINK = /(https?:\/\/\S+?)\/forgotpassword\/([0-9a-f-]{36})\/verify\/([A-Za-z0-9_-]+)/;

describe(`password reset mail over SMTP (${testEngine})`, async () => {
  const smtp = await startSmtp();
  afterAll(() => smtp.close());
  const app = await build({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
    publicUrl: 'https://stays.example.in',
    mailFrom: 'StayBook <no-reply@stays.example.in>',
  });

  it('mails the link; following it resets the password and the new one logs in', async () => {
    const user = await createUser(app, { firstName: 'Lakshmi' });
    const forgot = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(forgot.statusCode).toBe(202);
    expect(forgot.json()).toEqual({ message: API_MSG.forgotSent });

    const mail = await smtp.next(1);
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe('no-reply@stays.example.in');
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(/^Subject: Reset your StayBook password\s*$/m);
    expect(text).toContain('Hello Lakshmi,');
    const m = LINK.exec(text);
    expect(m).not.toBeNull();
    const [, origin, userId, token] = m as unknown as [string, string, string, string];
    expect(origin).toBe('https://stays.example.in');
    expect(userId).toBe(user.id);
    expect(JSON.stringify(forgot.json())).not.toContain(token);

    const verify = await app.inject(`/api/auth/reset/${userId}/${token}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: API_MSG.resetLinkValid });

    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { userId, token, email: user.email, password: 'Monsoon@24', confirmPassword: 'Monsoon@24' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: API_MSG.resetDone });

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Monsoon@24' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().loginToken).toBeTruthy();
    const old = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
    // SMTP was used: nothing went to the outbox.
    expect(outboxFiles(app)).toEqual([]);
  });

  it('escapes the name in the HTML part', async () => {
    const user = await createUser(app, { firstName: '<b>Raj</b>' });
    const before = smtp.received.length;
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const text = decodeQuotedPrintable((await smtp.next(before + 1)).raw);
    expect(text).toContain('Hello &lt;b&gt;Raj&lt;/b&gt;,');
    expect(text).not.toContain('<p>Hello <b>Raj</b>');
  });
});

describe(`password reset mail without SMTP (${testEngine})`, async () => {
  const app = await build();

  it('writes the mail as an .eml file in the outbox of the data folder', async () => {
    const user = await createUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(res.statusCode).toBe(202);
    const mail = await waitForMail(app, user.email);
    expect(mail.file).toMatch(/\.eml$/);
    const raw = readFileSync(path.join(app.dataDir, 'outbox', mail.file), 'utf8');
    expect(raw).toMatch(/^Subject: Reset your StayBook password/m);
    const m = LINK.exec(mail.text);
    expect(m?.[1]).toBe(app.config.publicUrl);
    expect(m?.[2]).toBe(user.id);
    expect((await app.inject(`/api/auth/reset/${m?.[2]}/${m?.[3]}`)).statusCode).toBe(200);
  });
});

/** The Message-ID header of a raw mail. */
const messageIdOf = (raw: string) => /^Message-ID: (<[^>]+>)\s*$/im.exec(raw)?.[1];

describe(`a mail sent again after a crash is recognisable: one Message-ID per event (${testEngine})`, async () => {
  const smtp = await startSmtp();
  afterAll(() => smtp.close());
  const viaSmtp = await build({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
    publicUrl: 'https://stays.example.in',
  });
  const offline = await build();

  /**
   * 5 guests cancel paid bookings; the process "crashes" between sending 2 of the cancellation mails and marking
   * them done (the send went out, then the call fails), so the outbox sends those 2 again later.
   */
  async function cancelWithTwoCrashes(app: TestApp) {
    const guests = await Promise.all(Array.from({ length: 5 }, () => guest(app)));
    const s = await stayWithRooms(app, 'Crash Court');
    const bookingsOf: string[] = [];
    for (const [i, g] of guests.entries()) {
      const held = await book(app, g, {
        stayId: s.stay.id,
        checkIn: day(40 + i),
        checkOut: day(41 + i),
        roomNumberIds: [s.r101],
      });
      const { booking, checkout } = held.json();
      await sandboxPayment(app, checkout);
      bookingsOf.push(booking.id);
    }
    const send = app.deps.mail.send;
    const crashed = new Set<string>();
    app.deps.mail.send = async (mail) => {
      await send(mail);
      if (mail.subject.startsWith('Booking cancelled') && crashed.size < 2 && !crashed.has(mail.to)) {
        crashed.add(mail.to);
        throw new Error('process killed after the mail went out');
      }
    };
    try {
      for (const [i, g] of guests.entries()) {
        const res = await app.inject({ method: 'POST', url: `/api/bookings/${bookingsOf[i]}/cancel`, headers: g.headers });
        expect(res.statusCode, res.body).toBe(200);
      }
      // Later, the poller carries out what was left undone.
      await app.db
        .update(outbox)
        .set({ runAfter: new Date(Date.now() - 1000) })
        .where(isNull(outbox.doneAt));
      await app.deps.outbox.runDue();
    } finally {
      app.deps.mail.send = send;
    }
    expect(crashed.size).toBe(2);
    const [left] = await app.db.select({ n: count() }).from(outbox).where(isNull(outbox.doneAt));
    expect(left?.n).toBe(0);
    return { guests, crashed };
  }

  it('over SMTP: the repeated mail carries the Message-ID of the first, made from its outbox entry', async () => {
    const { crashed } = await cancelWithTwoCrashes(viaSmtp);
    const cancellations = smtp.received.filter((m) => /^Subject: Booking cancelled/m.test(m.raw));
    expect(cancellations).toHaveLength(7);
    for (const to of crashed) {
      const ids = cancellations.filter((m) => m.to.includes(to)).map((m) => messageIdOf(m.raw));
      expect(ids).toHaveLength(2);
      expect(ids[0]).toMatch(/^<outbox\.\d+\.mail\.booking-cancelled@stays\.example\.in>$/);
      expect(ids[1]).toBe(ids[0]);
    }
    // Every event has its own Message-ID: 5 cancellations, 5 ids.
    expect(new Set(cancellations.map((m) => messageIdOf(m.raw))).size).toBe(5);
  });

  it('in the outbox folder: a mail sent again replaces its first copy, so every guest has one', async () => {
    const { guests } = await cancelWithTwoCrashes(offline);
    const cancellations = outboxFiles(offline)
      .map((f) => decodeQuotedPrintable(readFileSync(path.join(offline.dataDir, 'outbox', f), 'utf8')))
      .filter((raw) => /^Subject: Booking cancelled/m.test(raw));
    for (const g of guests) {
      const mine = cancellations.filter((raw) => new RegExp(`^To: ${g.user.email}`, 'm').test(raw));
      expect(mine, g.user.email).toHaveLength(1);
      expect(messageIdOf(mine[0] ?? '')).toMatch(/^<outbox\.\d+\.mail\.booking-cancelled@localhost>$/);
    }
  });
});
