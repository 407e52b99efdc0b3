export * from './queue-names.js';
export * from './outbox-state.js';
export * from './send-decision.js';
export * from './dedupe.js';
export * from './validate-payload.js';
export * from './templates/index.js';
export * from './policy/index.js';
export * from './conversations/index.js';
