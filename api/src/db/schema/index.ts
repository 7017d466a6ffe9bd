export * from './users.ts';
export * from './sessions.ts';
export * from './sync.ts';
export * from './subscriptions.ts';
export * from './translations.ts';
export * from './teachers.ts';
export * from './password-resets.ts';
export * from './orders.ts';
