export * from './backup-control.ts';
export * from './backup-format.ts';
export * from './data-dir-lock.ts';
export * from './database-dump.ts';
export * from './restore-backup.ts';
export * from './write-backup.ts';
