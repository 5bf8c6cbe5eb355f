export * from './consent-routes.ts';
