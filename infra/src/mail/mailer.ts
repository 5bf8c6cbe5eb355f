import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Logger } from '../logger.ts';
import { SMTP_PLAINTEXT_OPT_OUT, smtpSettings } from './smtp-options.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the message is about: printed in the log when mail goes to the outbox. */
  link?: string;
  /** Extra header fields (e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
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
  /** Trust for the SMTP server's certificate beyond the system's (a private CA). */
  tls?: { ca?: string | Buffer };
}

/** The mail server offered no STARTTLS, and the rule forbids plaintext with it: nothing was sent. */
export class SmtpTlsRequiredError extends Error {
  readonly code = 'SMTP_TLS_REQUIRED';
}

const refusedStartTls = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: string }).code === 'ETLS' &&
  (error as { command?: string }).command === 'STARTTLS' &&
  // A handshake that failed after the server accepted STARTTLS is a certificate problem instead.
  !error.message.startsWith('Error initiating TLS');

/**
 * Email through nodemailer: SMTP when a server is configured. Without one (a laptop, the demo)
 * every message is written to the outbox folder as an .eml file any mail program opens, and its
 * link is printed in the log, so invitations work before mail is set up. A session with another host
 * than this machine is encrypted before anything crosses it (`smtpSettings`); a server that offers
 * no STARTTLS fails the send with `SmtpTlsRequiredError` and an error line naming it.
 */
export function createMailer({ smtpUrl, from, outboxDir, logger, tls }: MailerOptions): Mailer {
  if (smtpUrl) {
    const settings = smtpSettings(smtpUrl, tls);
    if (settings.plaintextAllowed) {
      logger.warn(
        { smtp: settings.address },
        `SMTP_URL has ?${SMTP_PLAINTEXT_OPT_OUT}: mail to ${settings.address} goes without TLS when the server offers no STARTTLS, credentials included`,
      );
    }
    const smtp = createTransport(settings.options);
    return {
      transport: 'smtp',
      async send({ link: _link, ...message }) {
        try {
          await smtp.sendMail({ from, ...message });
        } catch (error) {
          if (!(settings.tlsRequired && refusedStartTls(error))) throw error;
          const reason =
            `The SMTP server ${settings.address} offers no STARTTLS, so the mail was not sent: ` +
            'Sideline sends neither credentials nor mail in clear to a host other than localhost, 127.0.0.1 or ::1. ' +
            `Enable STARTTLS on the server, use smtps://, or add ?${SMTP_PLAINTEXT_OPT_OUT} to SMTP_URL to allow plaintext.`;
          logger.error({ smtp: settings.address, to: message.to, subject: message.subject }, reason);
          throw new SmtpTlsRequiredError(reason, { cause: error });
        }
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
