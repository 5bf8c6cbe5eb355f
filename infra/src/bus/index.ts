export * from './port.ts';
export { createInProcessBus } from './in-process-bus.ts';
export { busReconnectedSubject, createNatsBus } from './nats-bus.ts';
export { natsAvailable } from './nats-available.ts';
export { allTeamsSubject, allUsersSubject, parseScopedSubject, teamSubject, userSubject } from './fanout-subjects.ts';
export { busEnvelope, frameText, toEnvelope, type EnvelopeOptions } from './fanout-envelope.ts';
