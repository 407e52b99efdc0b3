export * from './attribution.js';
export * from './contact-key.js';
export * from './expects-reply.js';
export * from './snippet-variables.js';
export * from './typing.js';
export * from './agent-reaction.js';
export * from './message-echo.js';
