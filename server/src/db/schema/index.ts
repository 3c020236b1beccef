export * from './accounts';
export * from './brands';
export * from './payments';
export * from './reference';
