export { realtimePlugin } from './gateway/plugin.ts';
export type { RealtimeOptions, RealtimeUser, SendMessageInput } from './gateway/options.ts';
export { realtimeDefaults } from './gateway/options.ts';
export type { RealtimeStats } from './gateway/gateway.ts';
export { sameHostOrigin } from './gateway/origin.ts';
export { publishToTeam, publishToUser } from './fanout/publish.ts';
export { teamSubject, userSubject } from './fanout/subjects.ts';
export type { BusEnvelope } from './fanout/envelope.ts';
export * from './protocol.ts';
