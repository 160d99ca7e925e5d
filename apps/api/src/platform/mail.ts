import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * The Message-ID header (`<…@…>`): stable per event (outboxMessageId), so that a mail sent again after a crash
   * between sending and recording it is the same message to the reader's mail program. Made up when unset.
   */
  messageId?: string;
};

/**
 * The Message-ID of the mail an outbox entry sends: made from the entry's id and kind, the same on every attempt, and
 * the public address's host (`<outbox.42.mail.booking-cancelled@staybook.in>`).
 */
export function outboxMessageId(publicUrl: string, entry: { id: number; kind: string }): string {
  let host = 'staybook.local';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {}
  return `<outbox.${entry.id}.${entry.kind}@${host}>`;
}
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
      // A mail with a Message-ID has one file: sent again (after a crash), it replaces its first copy.
      const id = mail.messageId ? `-${mail.messageId.replace(/[^A-Za-z0-9.@-]/g, '')}.eml` : undefined;
      const earlier = id ? (await readdir(folder)).find((f) => f.endsWith(id)) : undefined;
      const file = path.join(
        folder,
        earlier ?? `${new Date().toISOString().replace(/[:.]/g, '-')}${id ?? `-${Math.random().toString(36).slice(2, 8)}.eml`}`,
      );
      await writeFile(file, info.message);
      log.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
