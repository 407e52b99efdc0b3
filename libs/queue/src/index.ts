export * from './queue-names.js';
