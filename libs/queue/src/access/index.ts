export * from './sender-limits.js';
export * from './request-rate.js';
