export * from './business-hours.js';
