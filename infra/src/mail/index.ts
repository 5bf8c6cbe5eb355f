export * from './mailer.ts';
export * from './smtp-options.ts';
