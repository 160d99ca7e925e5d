import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

/**
 * fastify.mail: SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox/*.eml
 * and logged, so password reset works offline.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, mailFrom, dataDir } = app.config;
    if (smtpUrl) {
      const url = new URL(smtpUrl);
      const transport = nodemailer.createTransport({
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
        secure: url.protocol === 'smtps:',
        ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      });
      app.addHook('onClose', async () => transport.close());
      app.decorate('mail', {
        async send(mail: Mail) {
          await transport.sendMail({ from: mailFrom, ...mail });
          app.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        },
      });
      return;
    }
    const outbox = path.join(dataDir, 'outbox');
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    app.decorate('mail', {
      async send(mail: Mail) {
        const info = await transport.sendMail({ from: mailFrom, ...mail });
        await mkdir(outbox, { recursive: true });
        const file = path.join(
          outbox,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
        );
        await writeFile(file, info.message as Buffer);
        app.log.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written to outbox');
      },
    });
  },
  { name: 'mail', dependencies: ['config'] },
);
