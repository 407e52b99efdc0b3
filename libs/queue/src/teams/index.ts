export * from './assignment.js';
export * from './business-hours.js';
export * from './business-time.js';
export * from './customer-wait.js';
