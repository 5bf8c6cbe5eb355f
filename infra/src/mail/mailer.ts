import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Logger } from '../logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the message is about: printed in the log when mail goes to the outbox. */
  link?: string;
}

export interface Mailer {
  /** `smtp` when SMTP_URL is set; otherwise `outbox`: each message becomes an .eml file. */
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where messages go without SMTP (`DATA_DIR/outbox`). */
  outboxDir: string;
  logger: Logger;
}

/**
 * Email through nodemailer: SMTP when a server is configured. Without one (a laptop, the demo)
 * every message is written to the outbox folder as an .eml file any mail program opens, and its
 * link is printed in the log, so invitations work before mail is set up.
 */
export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    // Bounded, so a mail server that does not answer fails the send instead of hanging the request.
    const smtp = createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      transport: 'smtp',
      async send({ link: _link, ...message }) {
        await smtp.sendMail({ from, ...message });
      },
      close: () => smtp.close(),
    };
  }
  const stream = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'outbox',
    async send({ link, ...message }) {
      const info = await stream.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info(
        { to: message.to, subject: message.subject, file, link },
        `email written to the outbox: ${link ?? file}`,
      );
    },
    close: () => stream.close(),
  };
}
