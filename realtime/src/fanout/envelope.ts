import { z } from 'zod';
import type { OutgoingFrame } from '../protocol.ts';

/**
 * What travels on the bus for the gateway: the frame's `type`, the rest of the frame as
 * `payload`, and delivery hints. The gateway sends `{ type, ...payload }` to the sockets.
 */
export const busEnvelope = z.object({
  type: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
  payload: z.record(z.string(), z.unknown()),
  /** Not delivered to this user's sockets (their own typing and presence). */
  exceptUserId: z.string().optional(),
});

export type BusEnvelope = z.infer<typeof busEnvelope>;

export interface EnvelopeOptions {
  exceptUserId?: string;
}

export function toEnvelope(frame: OutgoingFrame, options: EnvelopeOptions = {}): BusEnvelope {
  const { type, ...payload } = frame;
  return {
    type,
    payload,
    ...(options.exceptUserId === undefined ? {} : { exceptUserId: options.exceptUserId }),
  };
}

/** The frame text sent to sockets; `type` last so a payload field can never override it. */
export function frameText(envelope: BusEnvelope): string {
  return JSON.stringify({ ...envelope.payload, type: envelope.type });
}
