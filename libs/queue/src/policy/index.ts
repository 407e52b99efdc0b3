// Sending policy: pure rules, plus Redis Lua transcriptions of the ones shared by
// every worker. Time always comes in as an argument.

export * from './token-bucket.js';
export * from './throughput.js';
export * from './pair-pacing.js';
export * from './pair-slot-lua.js';
export * from './zoned-time.js';
export * from './quiet-hours.js';
export * from './recipient-time-zone.js';
export * from './messaging-tier.js';
export * from './adaptation.js';
export * from './redis-keys.js';
export * from './admission.js';
export * from './admission-lua.js';
export * from './policy-config.js';
export * from './tier-webhook.js';
export * from './departure-gate.js';
