// @sendbook/whatsapp — WhatsApp Business Cloud API: webhook parsing, event keys, signatures,
// status ranking, error classification, the Graph API client, phone numbers and the 24 h window.

export * from './webhook-types.js';
export * from './events.js';
export * from './graph-error.js';
export { canonicalJson, canonicalHash, sha256Hex } from './canonical-json.js';
export { parseWebhook, parseWebhookJson } from './parse-webhook.js';
export { parseInboundMessage, textOf, choiceOf } from './parse-message.js';
export { parseMessageEcho } from './parse-echo.js';
export { readContent, readContext } from './parse-content.js';
export { parseStatus, parseContact, matchContact } from './parse-status.js';
export * from './event-keys.js';
export * from './signature.js';
export * from './status-rank.js';
export * from './classify-error.js';
export * from './backoff.js';
export * from './outbound-types.js';
export * from './build-message.js';
export * from './graph-results.js';
export * from './graph-client.js';
export * from './failed-answer.js';
export * from './media-download.js';
export * from './media-limits.js';
export type { MediaUploadFile } from './media-upload.js';
export * from './media-signature.js';
export * from './phone.js';
export * from './bsuid.js';
export * from './window.js';
