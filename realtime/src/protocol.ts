/**
 * The socket protocol lives in `@sideline/domain` (chat/socket-protocol.ts) so the web client
 * and the gateway share one definition; re-exported here for the gateway's modules.
 */
export * from '@sideline/domain/chat/socket-protocol';
