import { z } from 'zod';

/**
 * What travels on the bus for the realtime gateway: the frame's `type`, the rest of the frame as
 * `payload`, and delivery hints. The gateway sends `{ ...payload, type }` to the sockets.
 * Projectors build these in `afterCommit`; the gateway parses them.
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

export function toEnvelope(
  frame: { type: string } & Record<string, unknown>,
  options: EnvelopeOptions = {},
): BusEnvelope {
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
