export * from './percentile.js';
export * from './report-period.js';
export * from './report-figures.js';
