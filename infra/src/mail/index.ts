import { countMails } from '../observability/counted-mailer.ts';
import { createMailer as createUncountedMailer, type Mailer, type MailerOptions } from './mailer.ts';

export * from './mailer.ts';
export * from './smtp-options.ts';

/** The mailer of `mailer.ts`, each message counted in `sideline_mails_total`. */
export function createMailer(options: MailerOptions): Mailer {
  return countMails(createUncountedMailer(options));
}
