export * from './campaign-rows.js';
export * from './campaign-estimate.js';
