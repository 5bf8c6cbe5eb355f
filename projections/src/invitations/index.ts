export * from './invitations-read-model.ts';
export * from './invitations-projector.ts';
export * from './invitations-queries.ts';
