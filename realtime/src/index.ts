export { realtimePlugin } from './gateway/plugin.ts';
export type { RealtimeOptions, RealtimeSession, RealtimeUser, SendMessageInput } from './gateway/options.ts';
export { publishSessionRevoked } from './sessions/session-watch.ts';
export { publishToTeam, publishToUser } from './fanout/publish.ts';
export * from './protocol.ts';
export { revokedSessionId, sessionRevokedKind } from './sessions/session-watch.ts';
