export * from './shared/decider.ts';
export * from './shared/errors.ts';
export * from './shared/given-when-then.ts';
export * from './identity/index.ts';
export * from './sports/catalogue.ts';
export * from './teams/index.ts';
export * from './chat/index.ts';
export * from './media/index.ts';
