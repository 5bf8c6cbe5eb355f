import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Parses a raw message (an .eml file) as the test SMTP server does. */
export const parseMail = (raw: Buffer | string): Promise<ParsedMail> => simpleParser(raw);

export interface TestSmtpServerOptions {
  /** The address to listen on (default 127.0.0.1; `::` also takes IPv4 connections). */
  host?: string;
  /** Offer STARTTLS with this key and certificate. Without them the server offers no TLS at all. */
  starttls?: { key: string; cert: string };
  /**
   * Require AUTH with these credentials. The server takes them over plaintext too, so that a
   * client that sends them in clear is seen doing it (in `auths`).
   */
  credentials?: { username: string; password: string };
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  port: number;
  /** Every AUTH the server received, and whether the session was encrypted when it arrived. */
  auths: Array<{ username: string; secure: boolean }>;
  /** Every message received, parsed, in arrival order. */
  messages: ParsedMail[];
  /** The first message to `to` received so far or from now on. */
  nextMessageTo(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server in this process (by default plain, no auth) that keeps what it receives. */
export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const auths: TestSmtpServer['auths'] = [];
  const waiters: Array<() => void> = [];
  const { credentials, starttls } = options;
  const server = new SMTPServer({
    authOptional: !credentials,
    allowInsecureAuth: true,
    disabledCommands: [...(starttls ? [] : ['STARTTLS']), ...(credentials ? [] : ['AUTH'])],
    ...(starttls ?? {}),
    logger: false,
    onAuth(auth, session, callback) {
      auths.push({ username: auth.username ?? '', secure: session.secure });
      if (auth.username === credentials?.username && auth.password === credentials?.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
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
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const addressedTo = (to: string) =>
    messages.find((m) => {
      const list = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
      return list.some((a) => a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase()));
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    auths,
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
