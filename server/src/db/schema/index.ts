export * from './accounts';
export * from './admin';
export * from './bookings';
export * from './brands';
export * from './inventory';
export * from './markups';
export * from './payments';
export * from './reference';
