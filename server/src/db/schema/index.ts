export * from './brands';
export * from './inventory';
export * from './reference';
