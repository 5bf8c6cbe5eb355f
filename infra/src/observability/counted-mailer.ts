import type { Mailer } from '../mail/mailer.ts';
import { mailsSent } from './metrics.ts';

/** The mailer with each message counted as sent or failed (`sideline_mails_total`). */
export function countMails(mailer: Mailer): Mailer {
  const sent = { transport: mailer.transport, result: 'sent' };
  const failed = { transport: mailer.transport, result: 'failed' };
  return {
    transport: mailer.transport,
    async send(message) {
      try {
        await mailer.send(message);
        mailsSent.inc(sent);
      } catch (error) {
        mailsSent.inc(failed);
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
