/** Every domain error has a code; the exception filter maps codes to HTTP in one place. */
export enum ErrorCode {
  ValidationFailed = 'validation_failed',
  Unauthorized = 'unauthorized',
  NotFound = 'not_found',
  DedupeKeyConflict = 'dedupe_key_conflict',
  InvalidStateTransition = 'invalid_state_transition',
  /** The message is `sending` or further: it may have reached Meta, and nothing is un-sent. */
  NotCancellable = 'not_cancellable',
  WindowClosed = 'window_closed',
  PayloadTooLarge = 'payload_too_large',
  NoMedia = 'no_media',
  MediaDownloadFailed = 'media_download_failed',
  /** Signed in, but this route needs another role or scope. */
  Forbidden = 'forbidden',
  /** A mutation with a session cookie from a page of another origin (CSRF). */
  CrossSiteRequest = 'cross_site_request',
  /** Unknown email and wrong password answer alike. */
  InvalidCredentials = 'invalid_credentials',
  TooManyAttempts = 'too_many_attempts',
  /** The change would leave no active admin. */
  LastAdmin = 'last_admin',
  /** An invite or reset link that is unknown, used or expired. */
  InviteInvalid = 'invite_invalid',
  /** The email already belongs to a staff member. */
  StaffExists = 'staff_exists',
  /** An API key over its `rate_per_minute`. */
  RateLimited = 'rate_limited',
  /** Another snippet has this title. */
  SnippetExists = 'snippet_exists',
  /** Another team has this name (whatever its case). */
  TeamExists = 'team_exists',
  /** A business number is routed to another team already; a number goes to one team. */
  NumberRouted = 'number_routed',
  /** Too much of one kind of work at once here (media downloads); `Retry-After` says when to try again. */
  Busy = 'busy',
  /** A file WhatsApp does not take (its type, or bytes that are not what the type says). */
  UnsupportedMedia = 'unsupported_media',
  /** Meta refused or did not answer an upload of one of our files. */
  MediaUploadFailed = 'media_upload_failed',
  /** A template of this name and language exists already. */
  TemplateExists = 'template_exists',
  /** Meta does not allow this edit (status, category of an approved template, edit limits). */
  TemplateNotEditable = 'template_not_editable',
  /** Meta refused the template call; its error says why. */
  MetaRefused = 'meta_refused',
  /** Meta could not be reached, or did not answer usably. */
  MetaUnreachable = 'meta_unreachable',
  /** Another campaign has this name with another number or template. */
  CampaignExists = 'campaign_exists',
}

export const HTTP_STATUS_OF: Record<ErrorCode, number> = {
  [ErrorCode.ValidationFailed]: 400,
  [ErrorCode.Unauthorized]: 401,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.DedupeKeyConflict]: 409,
  [ErrorCode.CampaignExists]: 409,
  [ErrorCode.InvalidStateTransition]: 409,
  [ErrorCode.NotCancellable]: 409,
  [ErrorCode.WindowClosed]: 422,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.NoMedia]: 422,
  [ErrorCode.MediaDownloadFailed]: 502,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.CrossSiteRequest]: 403,
  [ErrorCode.InvalidCredentials]: 401,
  [ErrorCode.TooManyAttempts]: 429,
  [ErrorCode.LastAdmin]: 409,
  [ErrorCode.InviteInvalid]: 410,
  [ErrorCode.StaffExists]: 409,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.Busy]: 503,
  [ErrorCode.SnippetExists]: 409,
  [ErrorCode.TeamExists]: 409,
  [ErrorCode.NumberRouted]: 409,
  [ErrorCode.UnsupportedMedia]: 400,
  [ErrorCode.MediaUploadFailed]: 502,
  [ErrorCode.TemplateExists]: 409,
  [ErrorCode.TemplateNotEditable]: 409,
  [ErrorCode.MetaRefused]: 422,
  [ErrorCode.MetaUnreachable]: 502,
};
