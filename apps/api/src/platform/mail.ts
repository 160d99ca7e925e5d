import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/**
 * SMTP when `smtpUrl` is set; otherwise each message is written to `<dataDir>/outbox/*.eml` and logged, so mails
 * (password resets, confirmations) work offline.
 */
export function createMailer(
  opts: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log: FastifyBaseLogger,
): Mailer {
  const { smtpUrl, mailFrom, dataDir } = opts;
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: mailFrom, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const folder = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: mailFrom, ...mail });
      await mkdir(folder, { recursive: true });
      const file = path.join(
        folder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
