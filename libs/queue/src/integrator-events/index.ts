export * from './event-types.js';
export * from './delivery-schedule.js';
export * from './address-class.js';
export * from './signing-secrets.js';
export * from './endpoint-rate.js';
