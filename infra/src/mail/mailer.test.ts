import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';
import { createMailer } from './mailer.ts';

const message = {
  to: 'dana@example.com',
  subject: 'You are invited to the Tigers',
  text: 'Accept: http://127.0.0.1:3000/invite?token=abc',
  html: '<p><a href="http://127.0.0.1:3000/invite?token=abc">Accept</a></p>',
  link: 'http://127.0.0.1:3000/invite?token=abc',
};

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

describe('mailer', () => {
  it('sends through the SMTP server of SMTP_URL', async () => {
    smtp = await startTestSmtpServer();
    const { logger } = capturingLogger();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Sideline <no-reply@example.org>',
      outboxDir: '/nonexistent',
      logger,
    });
    expect(mailer.transport).toBe('smtp');
    await mailer.send(message);
    const received = await smtp.nextMessageTo('dana@example.com');
    expect(received.subject).toBe(message.subject);
    expect(received.from?.value[0]).toMatchObject({ name: 'Sideline', address: 'no-reply@example.org' });
    expect(received.text?.trim()).toBe(message.text);
    expect(received.html).toContain('href="http://127.0.0.1:3000/invite?token=abc"');
    mailer.close();
  });

  it('without SMTP writes each message to the outbox as an .eml file and prints its link in the log', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'sideline-mail-')), 'outbox');
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Sideline <no-reply@example.org>', outboxDir, logger });
    expect(mailer.transport).toBe('outbox');
    await mailer.send(message);
    await mailer.send({ ...message, to: 'sam@example.com' });
    const files = readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(outboxDir, f)))));
    expect(parsed.map((m) => m.to && !Array.isArray(m.to) && m.to.text).sort()).toEqual([
      'dana@example.com',
      'sam@example.com',
    ]);
    expect(parsed[0]!.text?.trim()).toBe(message.text);
    const logged = lines.filter((l) => l.link === message.link);
    expect(logged).toHaveLength(2);
    expect(String(logged[0]!.msg)).toContain(message.link);
    mailer.close();
  });

  it('fails the send (instead of hanging) when the SMTP server cannot be reached', async () => {
    smtp = await startTestSmtpServer();
    const url = smtp.url;
    await smtp.close();
    smtp = undefined;
    const { logger } = capturingLogger();
    const mailer = createMailer({
      smtpUrl: url,
      from: 'Sideline <no-reply@example.org>',
      outboxDir: '/nonexistent',
      logger,
    });
    await expect(mailer.send(message)).rejects.toThrow();
    mailer.close();
  });
});
