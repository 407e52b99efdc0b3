export * from './search-query.js';
export * from './search-position.js';
export * from './search-excerpt.js';
export * from './payload-text.js';
