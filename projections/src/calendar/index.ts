export * from './calendar-read-model.ts';
export * from './calendar-projector.ts';
export * from './calendar-queries.ts';
export * from './upcoming-queries.ts';
