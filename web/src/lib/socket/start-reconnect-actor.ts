import { createActor } from 'xstate';
import { reconnectMachine, type ReconnectActorRef } from './reconnect-machine.ts';
import { createSocketLogic, defaultWebSocketFactory, type WebSocketFactory } from './socket-actor.ts';

/**
 * A started reconnect actor for `url`. Loaded by the socket provider after the first render:
 * the socket and XState are not needed to show the first screen.
 */
export function startReconnectActor(
  url: string,
  factory: WebSocketFactory = defaultWebSocketFactory,
): ReconnectActorRef {
  const machine = reconnectMachine.provide({ actors: { socket: createSocketLogic(factory) } });
  const networkUp = typeof navigator === 'undefined' || navigator.onLine !== false;
  const actor = createActor(machine, { input: { url, networkUp } });
  actor.start();
  return actor;
}
