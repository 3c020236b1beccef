export * from './brands';
export * from './reference';
