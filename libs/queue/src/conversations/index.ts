export * from './attribution.js';
export * from './contact-key.js';
export * from './expects-reply.js';
export * from './snippet-variables.js';
