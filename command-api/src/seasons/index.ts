export * from './seasons-routes.ts';
