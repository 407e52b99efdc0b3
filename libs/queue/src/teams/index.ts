export * from './assignment.js';
export * from './business-hours.js';
export * from './business-time.js';
