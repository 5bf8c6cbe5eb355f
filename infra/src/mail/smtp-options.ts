import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { parseConnectionUrl } from 'nodemailer/lib/shared';

/**
 * The hosts Sideline talks to without TLS: this machine's loopback addresses and the name
 * `localhost`, compared with the host nodemailer connects to (which writes `127.1` as
 * `127.0.0.1`). No other name is resolved to decide, because a name can be pointed elsewhere.
 */
export const LOCAL_SMTP_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '::1'];

/** The query parameter of SMTP_URL that allows a plaintext session with another host. */
export const SMTP_PLAINTEXT_OPT_OUT = 'requireTLS=false';

export interface SmtpSettings {
  /** Options for nodemailer's SMTP transport, built from the URL with Sideline's TLS rule applied. */
  options: SMTPTransport.Options;
  /** `host:port`, for log lines (never the credentials). */
  address: string;
  /** The session must be encrypted (STARTTLS, or smtps://) before anything is sent. */
  tlsRequired: boolean;
  /** SMTP_URL asked for plaintext to a host other than this machine. */
  plaintextAllowed: boolean;
}

/**
 * Reads SMTP_URL as nodemailer does and applies Sideline's rule: a session with any host other
 * than the literal `localhost`, `127.0.0.1` or `::1` is encrypted before credentials or mail
 * cross it (STARTTLS is required on smtp://; smtps:// is encrypted from the start). Invitation
 * mails carry sign-up links, which are secrets too, so the rule holds without credentials as
 * well. `?requireTLS=false` opts out explicitly (STARTTLS is still used when offered).
 */
export function smtpSettings(smtpUrl: string, tls: { ca?: string | Buffer } = {}): SmtpSettings {
  const parsed: SMTPTransport.Options = parseConnectionUrl(smtpUrl);
  // A well-known service name would replace the host the rule was checked against.
  delete parsed.service;
  const host = parsed.host || 'localhost';
  const implicitTls = parsed.secure === true;
  const local = LOCAL_SMTP_HOSTS.includes(host.toLowerCase());
  const plaintextAllowed = !implicitTls && !local && parsed.requireTLS === false;
  const tlsRequired = !implicitTls && (parsed.requireTLS === true || (!local && !plaintextAllowed));
  const port = parsed.port ?? (implicitTls ? 465 : 587);
  return {
    options: {
      ...parsed,
      // nodemailer lets requireTLS win over ignoreTLS and opportunisticTLS.
      requireTLS: tlsRequired,
      tls: { ...parsed.tls, ...tls },
      // Bounded, so a mail server that does not answer fails the send instead of hanging the request.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    address: `${host.includes(':') ? `[${host}]` : host}:${port}`,
    tlsRequired,
    plaintextAllowed,
  };
}
