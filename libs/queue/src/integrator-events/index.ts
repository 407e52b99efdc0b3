export * from './event-types.js';
export * from './delivery-schedule.js';
export * from './address-class.js';
