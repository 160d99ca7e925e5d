import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { API_MSG } from '@repo/shared/constants/messages';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { build, createUser, decodeQuotedPrintable, outboxFiles, testEngine, waitForMail } from './helper.ts';

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
