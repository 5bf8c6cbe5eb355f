import webpush from 'web-push';
import type { PushMessage } from '@sideline/domain';
import { pushesSent } from '@sideline/infra';
import type { CheckEndpoint } from './endpoint-policy.ts';
import type { VapidDetails } from './vapid.ts';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushOutcome =
  /** The push service took it (2xx). */
  | { kind: 'delivered'; status: number }
  /** 404/410: the subscription is gone for good and is removed. */
  | { kind: 'gone'; status: number }
  /** Anything else (an error status, a refused endpoint, no answer): tried again later or dropped. */
  | { kind: 'failed'; status: number | null; reason: string };

export interface PushSenderOptions {
  vapid: VapidDetails;
  checkEndpoint: CheckEndpoint;
  /** How long a push service keeps a message for an offline browser. */
  ttlSeconds?: number;
  timeoutMs?: number;
}

/**
 * Encrypts (RFC 8291, aes128gcm) and signs (RFC 8292, VAPID) with web-push's
 * generateRequestDetails, and sends with fetch: web-push's own sender speaks only https, and a
 * local push service in tests speaks http. The endpoint is checked again right before sending,
 * so a name that now resolves to a private address is never posted to.
 */
export function createPushSender(options: PushSenderOptions) {
  const { vapid, checkEndpoint } = options;
  const ttl = options.ttlSeconds ?? 24 * 60 * 60;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async function sendPush(
    target: PushTarget,
    message: PushMessage,
    extra: PushExtra = {},
  ): Promise<PushOutcome> {
    const outcome = await deliver(target, message, extra);
    pushesSent.inc({ result: outcomeLabel[outcome.kind] });
    return outcome;
  };

  async function deliver(target: PushTarget, message: PushMessage, extra: PushExtra): Promise<PushOutcome> {
    try {
      await checkEndpoint(target.endpoint);
    } catch (error) {
      return { kind: 'failed', status: null, reason: (error as Error).message };
    }
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: target.keys },
        JSON.stringify(message),
        {
          vapidDetails: vapid,
          TTL: ttl,
          contentEncoding: 'aes128gcm',
          ...(extra.urgency ? { urgency: extra.urgency } : {}),
          ...(extra.topic ? { topic: extra.topic } : {}),
        },
      );
    } catch (error) {
      return { kind: 'failed', status: null, reason: `could not encrypt: ${(error as Error).message}` };
    }
    try {
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) return { kind: 'delivered', status: response.status };
      if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
      return { kind: 'failed', status: response.status, reason: `push service answered ${response.status}` };
    } catch (error) {
      return { kind: 'failed', status: null, reason: (error as Error).message };
    }
  }
}

type PushExtra = { urgency?: 'very-low' | 'low' | 'normal' | 'high'; topic?: string };

/** `sideline_pushes_total`'s result label for each outcome. */
const outcomeLabel = { delivered: 'sent', gone: 'expired', failed: 'failed' } as const;

export type SendPush = ReturnType<typeof createPushSender>;
