import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '@sideline/infra';
import type { RealtimeOptions } from './options.ts';
import type { Rooms } from './rooms.ts';

/** What the frame handlers share within one gateway instance. */
export interface GatewayContext {
  bus: Bus;
  rooms: Rooms;
  teamsOf: RealtimeOptions['teamsOf'];
  onSendMessage: RealtimeOptions['onSendMessage'];
  log: FastifyBaseLogger;
  now(): Date;
}
