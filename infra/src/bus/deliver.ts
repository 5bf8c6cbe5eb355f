import type { BusHandler, BusMessage } from './port.ts';
import type { BusLogger } from './logger.ts';

/**
 * Calls a subscriber without letting its failure escape: a throwing or rejecting handler must
 * not kill the subscription (NATS) or the delivery loop (in-process) for everyone else.
 */
export function deliverSafely(handler: BusHandler, message: BusMessage, log: BusLogger): void {
  try {
    const result: unknown = handler(message);
    if (result instanceof Promise) {
      result.catch((err: unknown) => log.error({ err, subject: message.subject }, 'bus handler rejected'));
    }
  } catch (err) {
    log.error({ err, subject: message.subject }, 'bus handler threw');
  }
}
