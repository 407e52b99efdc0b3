export * from './marketing-opt-out.js';
