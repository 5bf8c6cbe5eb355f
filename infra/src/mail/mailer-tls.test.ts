import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { generate } from 'selfsigned';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';
import { createMailer, SmtpTlsRequiredError } from './mailer.ts';
import { smtpSettings } from './smtp-options.ts';

const user = 'coach@club.example';
const password = 'pa55-w0rd-never-in-clear';
const credentials = { username: user, password };
const auth = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
const message = { to: 'dana@example.com', subject: 'You are invited', text: 'Accept: http://127.0.0.1/invite?token=t' };

// 127.0.0.2 is this machine too, but it is not one of the literal local hosts: to Sideline it is
// another host, so the rule for remote mail servers applies while the test stays on loopback.
const REMOTE = '127.0.0.2';

function capturingLogger() {
  const lines: Array<{ level: number; msg: string; smtp?: string }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

/** A TCP relay on REMOTE in front of the SMTP server that keeps every byte the client sent. */
async function wiretap(to: number) {
  const sent: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(to, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (chunk: Buffer) => sent.push(chunk));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, REMOTE, resolve));
  return {
    port: (relay.address() as AddressInfo).port,
    /** What crossed from the client, as text (after STARTTLS: TLS records). */
    clientSent: () => Buffer.concat(sent).toString('latin1'),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        relay.close(() => resolve());
      }),
  };
}

/** Every form in which the password crosses an SMTP session: AUTH PLAIN, AUTH LOGIN, or as is. */
const passwordForms = [
  password,
  Buffer.from(password).toString('base64'),
  Buffer.from(`\0${user}\0${password}`).toString('base64'),
];

let cert: { key: string; cert: string };
beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: 'mail.sideline.test' }], {
    keyType: 'ec',
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: REMOTE }] },
    ],
  });
  cert = { key: pems.private, cert: pems.cert };
});

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function smtpServer(options: Parameters<typeof startTestSmtpServer>[0]): Promise<TestSmtpServer> {
  const server = await startTestSmtpServer(options);
  cleanup.push(() => server.close());
  return server;
}

function mailer(smtpUrl: string, logger = capturingLogger().logger) {
  const m = createMailer({
    smtpUrl,
    from: 'Sideline <no-reply@example.org>',
    outboxDir: '/nonexistent',
    logger,
    // The test server's certificate is self-signed: trust it, as a private CA would be.
    tls: { ca: cert.cert },
  });
  cleanup.push(() => m.close());
  return m;
}

describe('SMTP to another host than this machine', () => {
  it('authenticates only after STARTTLS, so the password never crosses in clear', async () => {
    const server = await smtpServer({ starttls: cert, credentials });
    const tap = await wiretap(server.port);
    cleanup.push(tap.close);

    await mailer(`smtp://${auth}@${REMOTE}:${tap.port}`).send(message);

    expect((await server.nextMessageTo('dana@example.com')).subject).toBe('You are invited');
    expect(server.auths).toEqual([{ username: user, secure: true }]);
    expect(tap.clientSent()).toContain('STARTTLS');
    for (const form of passwordForms) expect(tap.clientSent()).not.toContain(form);
  });

  it('refuses a server that offers no STARTTLS with a clear log line: no credentials, no mail', async () => {
    const server = await smtpServer({ credentials });
    const tap = await wiretap(server.port);
    cleanup.push(tap.close);
    const { logger, lines } = capturingLogger();

    const sending = mailer(`smtp://${auth}@${REMOTE}:${tap.port}`, logger).send(message);

    await expect(sending).rejects.toBeInstanceOf(SmtpTlsRequiredError);
    await expect(sending).rejects.toMatchObject({ code: 'SMTP_TLS_REQUIRED' });
    expect(server.auths).toEqual([]);
    expect(server.messages).toEqual([]);
    const wire = tap.clientSent();
    for (const form of passwordForms) expect(wire).not.toContain(form);
    expect(wire).not.toMatch(/AUTH|MAIL FROM|dana@example\.com/);
    const refusal = lines.find((l) => l.msg.includes('offers no STARTTLS'));
    expect(refusal).toMatchObject({ level: 50, smtp: `${REMOTE}:${tap.port}` });
    expect(refusal!.msg).toContain('the mail was not sent');
    expect(refusal!.msg).toContain('?requireTLS=false');
    expect(JSON.stringify(lines)).not.toContain(password);
  });

  it('refuses it without credentials too: the mail carries sign-up links', async () => {
    const server = await smtpServer({});
    const tap = await wiretap(server.port);
    cleanup.push(tap.close);

    await expect(mailer(`smtp://${REMOTE}:${tap.port}`).send(message)).rejects.toBeInstanceOf(SmtpTlsRequiredError);
    expect(server.messages).toEqual([]);
    expect(tap.clientSent()).not.toContain('dana@example.com');
  });

  it('with ?requireTLS=false in SMTP_URL sends in clear, as asked, and says so in the log', async () => {
    const server = await smtpServer({ credentials });
    const tap = await wiretap(server.port);
    cleanup.push(tap.close);
    const { logger, lines } = capturingLogger();

    await mailer(`smtp://${auth}@${REMOTE}:${tap.port}?requireTLS=false`, logger).send(message);

    await server.nextMessageTo('dana@example.com');
    expect(server.auths).toEqual([{ username: user, secure: false }]);
    // The tap sees a password that does cross in clear (the refusals above are not blind).
    expect(passwordForms.some((form) => tap.clientSent().includes(form))).toBe(true);
    expect(lines.find((l) => l.level === 40)?.msg).toContain('without TLS');
  });

  it('with ?requireTLS=false still upgrades with STARTTLS when the server offers it', async () => {
    const server = await smtpServer({ starttls: cert, credentials });
    const tap = await wiretap(server.port);
    cleanup.push(tap.close);

    await mailer(`smtp://${auth}@${REMOTE}:${tap.port}?requireTLS=false`).send(message);

    await server.nextMessageTo('dana@example.com');
    expect(server.auths).toEqual([{ username: user, secure: true }]);
  });
});

describe('SMTP to this machine, named literally', () => {
  it.each(['localhost', '127.0.0.1', '[::1]'])('%s authenticates without STARTTLS', async (host) => {
    // `::` takes IPv4 and IPv6 connections, whichever address `localhost` resolves to.
    const server = await smtpServer({ host: '::', credentials });

    await mailer(`smtp://${auth}@${host}:${server.port}`).send(message);

    expect((await server.nextMessageTo('dana@example.com')).subject).toBe('You are invited');
    expect(server.auths).toEqual([{ username: user, secure: false }]);
  });
});

describe('which hosts need TLS', () => {
  const required = (url: string) => smtpSettings(url).tlsRequired;

  it('requires it for every host but the literal localhost, 127.0.0.1 and ::1', () => {
    expect(required('smtp://u:p@LOCALHOST:25')).toBe(false);
    expect(required('smtp://u:p@127.0.0.1:25')).toBe(false);
    expect(required('smtp://u:p@[::1]:25')).toBe(false);
    // The same addresses written otherwise are still those addresses: no name is looked up.
    expect(required('smtp://u:p@127.1:25')).toBe(false);
    expect(required('smtp://u:p@[0:0::1]:25')).toBe(false);
    // Names are not resolved: any other name may be pointed anywhere.
    expect(required('smtp://u:p@localhost.:25')).toBe(true);
    expect(required('smtp://u:p@mail.localhost:25')).toBe(true);
    expect(required('smtp://u:p@ip6-localhost:25')).toBe(true);
    expect(required('smtp://u:p@127.0.0.2:25')).toBe(true);
    expect(required('smtp://u:p@mail.example.org:587')).toBe(true);
  });

  it('lets nothing in the URL but ?requireTLS=false weaken it', () => {
    expect(smtpSettings('smtp://u:p@mail.example.org:587?ignoreTLS=true').options.requireTLS).toBe(true);
    expect(smtpSettings('smtp://u:p@mail.example.org:587?requireTLS=0').options.requireTLS).toBe(true);
    // A well-known service would replace the host the rule was checked against.
    expect(smtpSettings('smtp://u:p@localhost:25?service=Gmail').options).not.toHaveProperty('service');
    const optedOut = smtpSettings('smtp://u:p@mail.example.org:587?requireTLS=false');
    expect(optedOut).toMatchObject({ tlsRequired: false, plaintextAllowed: true, address: 'mail.example.org:587' });
    expect(optedOut.options.requireTLS).toBe(false);
  });

  it('takes smtps:// (TLS from the first byte) as encrypted, and may require STARTTLS of localhost', () => {
    expect(smtpSettings('smtps://u:p@mail.example.org')).toMatchObject({
      options: { secure: true },
      tlsRequired: false,
      plaintextAllowed: false,
      address: 'mail.example.org:465',
    });
    expect(smtpSettings('smtp://u:p@localhost:25?requireTLS=true').options.requireTLS).toBe(true);
  });
});
