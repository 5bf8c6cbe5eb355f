export * from './chat-read-model.ts';
export * from './chat-projector.ts';
export * from './chat-queries.ts';
