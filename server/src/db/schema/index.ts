export * from './accounts';
export * from './admin';
export * from './brands';
export * from './reference';
