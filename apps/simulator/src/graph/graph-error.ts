import { newFbtraceId } from '../core/ids.js';
import { errorInfo } from './error-catalogue.js';

/** A Graph error answer: HTTP status plus Meta's `{ error: {...} }` body. */
export interface GraphErrorBody {
  error: {
    message: string;
    type: 'OAuthException';
    code: number;
    error_data?: { messaging_product: 'whatsapp'; details: string };
    error_subcode?: number;
    fbtrace_id: string;
  };
}

export interface GraphErrorAnswer {
  httpStatus: number;
  code: number;
  details: string;
  body: GraphErrorBody;
}

/** Meta's error shape: `(#code) title`, `error_data.details`, a fresh `fbtrace_id`. */
export function graphError(code: number, details?: string): GraphErrorAnswer {
  const info = errorInfo(code);
  const finalDetails = details ?? info.details;
  if (code === 190) {
    // Token errors come from the Graph layer: no "(#190)" prefix and no error_data.
    return {
      httpStatus: info.httpStatus,
      code,
      details: finalDetails,
      body: { error: { message: info.title, type: 'OAuthException', code, fbtrace_id: newFbtraceId() } },
    };
  }
  const body: GraphErrorBody = {
    error: {
      message: `(#${code}) ${info.title}`,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details: finalDetails },
      fbtrace_id: newFbtraceId(),
    },
  };
  if (code === 130429) body.error.error_subcode = 2494055;
  return { httpStatus: info.httpStatus, code, details: finalDetails, body };
}

/** The error object inside a `failed` status webhook (`statuses[].errors[]`). */
export interface WebhookErrorObject {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
  href: string;
}

export function webhookError(code: number, details?: string): WebhookErrorObject {
  const info = errorInfo(code);
  return {
    code,
    title: info.title,
    message: info.title,
    error_data: { details: details ?? info.details },
    href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
  };
}
