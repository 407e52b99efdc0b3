// Sendbook's HTTP contract, generated from the API's code: the only thing the inbox may import
// from the API. Regenerate with `npm run contract`.
export * from './openapi.js';
export * from './client.js';
export * from './template-rules.js';
export * from './csv.js';
export * from './campaign-template.js';
