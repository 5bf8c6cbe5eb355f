export * from './schemas.ts';
export * from './events.ts';
export * from './commands.ts';
export * from './decider.ts';
export * from './usability.ts';
export * from './invitee-email.ts';
