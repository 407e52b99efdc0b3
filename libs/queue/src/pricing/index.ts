// Meta's per-message pricing: what is counted of it, the operator's rate card, and the estimate.

export * from './priced-message.js';
export * from './rate-card.js';
export * from './pricing-figures.js';
