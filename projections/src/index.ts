export * from './runner/projector.ts';
export * from './runner/checkpoints.ts';
export * from './runner/progress.ts';
export * from './runner/projection-runner.ts';
export * from './runner/rebuild.ts';
export * from './identity/index.ts';
export * from './teams/index.ts';
export * from './registry.ts';
