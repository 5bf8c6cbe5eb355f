import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '@sideline/infra';
import type { RealtimeOptions } from './options.ts';
import type { Rooms } from './rooms.ts';
import type { MembershipCache } from '../teams/membership-cache.ts';
import type { PresenceLedger } from '../presence/presence.ts';
import type { RecentTeamChanges } from '../teams/recent-changes.ts';

/** What the frame handlers share within one gateway instance. */
export interface GatewayContext {
  bus: Bus;
  rooms: Rooms;
  membership: MembershipCache;
  presence: PresenceLedger;
  recentChanges: RecentTeamChanges;
  onSendMessage: RealtimeOptions['onSendMessage'];
  log: FastifyBaseLogger;
  now(): Date;
}
