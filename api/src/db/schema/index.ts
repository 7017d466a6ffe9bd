export * from './users.ts';
export * from './sessions.ts';
