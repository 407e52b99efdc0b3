/** Every domain error has a code; the exception filter maps codes to HTTP in one place. */
export enum ErrorCode {
  ValidationFailed = 'validation_failed',
  Unauthorized = 'unauthorized',
  NotFound = 'not_found',
  DedupeKeyConflict = 'dedupe_key_conflict',
  InvalidStateTransition = 'invalid_state_transition',
  WindowClosed = 'window_closed',
  PayloadTooLarge = 'payload_too_large',
  NoMedia = 'no_media',
  MediaDownloadFailed = 'media_download_failed',
}

export const HTTP_STATUS_OF: Record<ErrorCode, number> = {
  [ErrorCode.ValidationFailed]: 400,
  [ErrorCode.Unauthorized]: 401,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.DedupeKeyConflict]: 409,
  [ErrorCode.InvalidStateTransition]: 409,
  [ErrorCode.WindowClosed]: 422,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.NoMedia]: 422,
  [ErrorCode.MediaDownloadFailed]: 502,
};
