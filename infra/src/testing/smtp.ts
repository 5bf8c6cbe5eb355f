import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Parses a raw message (an .eml file) as the test SMTP server does. */
export const parseMail = (raw: Buffer | string): Promise<ParsedMail> => simpleParser(raw);

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  /** Every message received, parsed, in arrival order. */
  messages: ParsedMail[];
  /** The first message to `to` received so far or from now on. */
  nextMessageTo(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server in this process (plain, no auth) that keeps what it receives. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const addressedTo = (to: string) =>
    messages.find((m) => {
      const list = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
      return list.some((a) => a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase()));
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async nextMessageTo(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = addressedTo(to);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No email to ${to} arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
