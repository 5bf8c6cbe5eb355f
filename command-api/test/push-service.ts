import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service speaking RFC 8030, for tests: a real one cannot be reached from here. It
 * hands out subscriptions as a browser would make them (an ECDH P-256 key pair and a 16-byte
 * auth secret each), and for every push it checks the VAPID JWT (RFC 8292) against the expected
 * public key and decrypts the aes128gcm payload (RFC 8291 with RFC 8188) with the subscription's
 * private key, recording what it read. A subscription marked gone answers 410.
 */
export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The PushSubscription.toJSON() a browser would send. */
  toJSON(): { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  subscriptionId: string;
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  payload: any;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  receivedAt: Date;
}

export interface RefusedPush {
  endpoint: string;
  status: number;
  reason: string;
}

export interface LocalPushService {
  origin: string;
  /** A new browser subscription. */
  subscribe(): FakeSubscription;
  /** From now on this subscription answers 410 Gone (the browser unsubscribed). */
  markGone(subscription: FakeSubscription): void;
  /** From now on this subscription answers `status` (a push service having a bad moment). */
  failWith(subscription: FakeSubscription, status: number): void;
  received: ReceivedPush[];
  refused: RefusedPush[];
  receivedBy(subscription: FakeSubscription): ReceivedPush[];
  /** Resolves once `count` pushes in all have arrived (or rejects after `timeoutMs`). */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  /** Only pushes signed with this public key are accepted. */
  expectVapidKey(publicKey: string): void;
  close(): Promise<void>;
}

interface Holder {
  id: string;
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  gone: boolean;
  failStatus: number | null;
}

export async function startLocalPushService(options: { port?: number } = {}): Promise<LocalPushService> {
  const subscriptions = new Map<string, Holder>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  let expectedKey: string | null = null;
  const waiters = new Set<() => void>();
  let origin = '';

  const server: Server = createServer((request, response) => {
    void handle(request).then(
      ({ status, reason }) => {
        if (status >= 400) refused.push({ endpoint: `${origin}${request.url}`, status, reason });
        response.writeHead(status, status === 201 ? { location: `${origin}/message/${randomUUID()}` } : {});
        response.end(reason);
        for (const wake of waiters) wake();
      },
      (error: unknown) => {
        refused.push({ endpoint: `${origin}${request.url}`, status: 500, reason: String(error) });
        response.writeHead(500);
        response.end(String(error));
      },
    );
  });

  async function handle(request: IncomingMessage): Promise<{ status: number; reason: string }> {
    const body = await readBody(request);
    const match = /^\/push\/([0-9a-f-]+)$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) return { status: 404, reason: 'no such endpoint' };
    const holder = subscriptions.get(match[1]!);
    if (!holder) return { status: 404, reason: 'no such subscription' };
    if (holder.gone) return { status: 410, reason: 'subscription gone' };
    if (holder.failStatus !== null) return { status: holder.failStatus, reason: 'push service unavailable' };

    // RFC 8292: Authorization: vapid t=<JWT>, k=<public key>
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
    if (!auth) return { status: 401, reason: 'missing vapid authorization' };
    const [, jwt, k] = auth as unknown as [string, string, string];
    if (expectedKey !== null && k !== expectedKey) return { status: 403, reason: 'unexpected vapid key' };
    const claims = verifyJwt(jwt, k);
    if (typeof claims === 'string') return { status: 403, reason: claims };
    if (claims.aud !== origin) return { status: 403, reason: `aud ${claims.aud} is not ${origin}` };
    if (claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600 * 1000 + 60_000) {
      return { status: 403, reason: 'exp out of range' };
    }
    if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return { status: 403, reason: 'sub must be mailto: or https:' };

    if (request.headers['content-encoding'] !== 'aes128gcm') return { status: 415, reason: 'aes128gcm only' };
    const ttl = request.headers.ttl === undefined ? null : Number(request.headers.ttl);
    if (ttl === null || !Number.isInteger(ttl) || ttl < 0) return { status: 400, reason: 'TTL header required' };
    let plaintext: Buffer;
    try {
      plaintext = decrypt(body, holder);
    } catch (error) {
      return { status: 400, reason: `cannot decrypt: ${(error as Error).message}` };
    }
    let payload: unknown;
    try {
      payload = JSON.parse(plaintext.toString('utf8'));
    } catch {
      payload = plaintext.toString('utf8');
    }
    received.push({
      subscriptionId: holder.id,
      endpoint: `${origin}/push/${holder.id}`,
      payload,
      ttl,
      urgency: (request.headers.urgency as string | undefined) ?? null,
      topic: (request.headers.topic as string | undefined) ?? null,
      claims,
      receivedAt: new Date(),
    });
    return { status: 201, reason: '' };
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const holder: Holder = {
        id: randomUUID(),
        ecdh,
        publicKey: ecdh.getPublicKey(),
        auth: randomBytes(16),
        gone: false,
        failStatus: null,
      };
      subscriptions.set(holder.id, holder);
      const endpoint = `${origin}/push/${holder.id}`;
      const keys = { p256dh: holder.publicKey.toString('base64url'), auth: holder.auth.toString('base64url') };
      return { id: holder.id, endpoint, keys, toJSON: () => ({ endpoint, keys }) };
    },
    markGone(subscription) {
      const holder = subscriptions.get(subscription.id);
      if (holder) holder.gone = true;
    },
    failWith(subscription, status) {
      const holder = subscriptions.get(subscription.id);
      if (holder) holder.failStatus = status;
    },
    received,
    refused,
    receivedBy: (subscription) => received.filter((r) => r.subscriptionId === subscription.id),
    waitForCount(count, timeoutMs = 5_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} pushes, got ${received.length} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    expectVapidKey(publicKey) {
      expectedKey = publicKey;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** ES256 JWT check against the uncompressed P-256 key `k`; the claims, or why it was refused. */
function verifyJwt(jwt: string, k: string): { aud: string; exp: number; sub: string } | string {
  const parts = jwt.split('.');
  if (parts.length !== 3) return 'malformed JWT';
  const [head, body, signature] = parts as [string, string, string];
  const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') return `alg ${header.alg} is not ES256`;
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 key';
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) return 'bad JWT signature';
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}

/** RFC 8291 key derivation and RFC 8188 aes128gcm decryption (one or more records). */
function decrypt(body: Buffer, holder: Holder): Buffer {
  if (body.length < 21) throw new Error('body too short for the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65) throw new Error('keyid is not the application server public key');
  if (rs < 18) throw new Error('record size too small');
  const ecdhSecret = holder.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), holder.publicKey, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, holder.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const records = body.subarray(21 + idlen);
  const out: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq++, at += rs) {
    const record = records.subarray(at, Math.min(at + rs, records.length));
    const nonce = Buffer.from(baseNonce);
    // The record sequence number XORed into the nonce's low bytes (records here are few: 32 bits).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the content, a delimiter (2 in the last record, 1 before), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = at + rs >= records.length;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}
