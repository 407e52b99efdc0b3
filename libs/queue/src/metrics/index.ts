// Queue-health figures: pure computations; the API reads the numbers, these do the maths.

export * from './buckets.js';
export * from './percentiles.js';
export * from './queueing.js';
export * from './thresholds.js';
