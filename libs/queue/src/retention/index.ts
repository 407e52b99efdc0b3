export * from './partitions.js';
export * from './status-days.js';
