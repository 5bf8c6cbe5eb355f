export * from './table.ts';
export * from './rewards.ts';
export * from './badges.ts';
export * from './schemas.ts';
export * from './play.ts';
