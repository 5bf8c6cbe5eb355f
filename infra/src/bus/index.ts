export * from './port.ts';
export type { BusLogger } from './logger.ts';
export { createInProcessBus, type InProcessBusOptions } from './in-process-bus.ts';
export { busReconnectedSubject, createNatsBus, type NatsBusOptions } from './nats-bus.ts';
export { natsAvailable, defaultNatsUrl } from './nats-available.ts';
export { subjectMatches, isSubjectToken } from './subject.ts';
export { allTeamsSubject, allUsersSubject, parseScopedSubject, teamSubject, userSubject } from './fanout-subjects.ts';
export { busEnvelope, frameText, toEnvelope, type BusEnvelope, type EnvelopeOptions } from './fanout-envelope.ts';
