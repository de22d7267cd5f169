export * from './accounts.ts';
export * from './documents.ts';
export * from './events.ts';
export * from './hierarchy.ts';
export * from './notifications.ts';
export * from './sensors.ts';
export * from './smartropes.ts';
export * from './tasks.ts';
