export * from './template-spec.js';
export * from './match-template.js';
export * from './render-template.js';
