export * from './consent-routes.ts';
export * from './player-export-route.ts';
