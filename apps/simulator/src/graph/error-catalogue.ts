/**
 * Cloud API error codes the simulator can answer with: title (used in `(#code) title`), the HTTP
 * status Meta lists for it, and a default `error_data.details`.
 */
export interface ErrorInfo {
  title: string;
  httpStatus: number;
  details: string;
}

const CATALOGUE: Record<number, ErrorInfo> = {
  1: { title: 'An unknown error has occurred.', httpStatus: 400, details: 'Invalid request or possible server error.' },
  2: { title: 'Service temporarily unavailable', httpStatus: 503, details: 'Temporary due to downtime or due to being overloaded.' },
  4: { title: 'Application request limit reached', httpStatus: 400, details: 'The app has reached its API call rate limit.' },
  10: { title: 'Application does not have permission for this action', httpStatus: 403, details: 'Permission is either not granted or has been removed.' },
  100: { title: 'Invalid parameter', httpStatus: 400, details: 'The request included one or more unsupported or misspelled parameters.' },
  2500: { title: 'Unknown path components', httpStatus: 400, details: 'The request path is not a known Graph API path.' },
  190: { title: 'Invalid OAuth access token - Cannot parse access token', httpStatus: 401, details: 'Your access token has expired or is invalid.' },
  368: {
    title: 'Temporarily blocked for policies violations',
    httpStatus: 403,
    details: 'The WhatsApp Business Account associated with the app has been restricted or disabled for violating a platform policy.',
  },
  80007: { title: 'Rate limit issues', httpStatus: 400, details: 'The WhatsApp Business Account has reached its rate limit.' },
  130429: { title: 'Rate limit hit', httpStatus: 400, details: 'Cloud API message throughput has been reached.' },
  130472: { title: "User's number is part of an experiment", httpStatus: 400, details: 'Message was not sent as part of an experiment.' },
  131000: { title: 'Something went wrong', httpStatus: 500, details: 'Message failed to send due to an unknown error.' },
  131005: { title: 'Access denied', httpStatus: 403, details: 'Permission is either not granted or has been removed.' },
  131008: { title: 'Required parameter is missing', httpStatus: 400, details: 'The request is missing a required parameter.' },
  131009: { title: 'Parameter value is not valid', httpStatus: 400, details: 'One or more parameter values are invalid.' },
  131016: { title: 'Service unavailable', httpStatus: 500, details: 'A service is temporarily unavailable.' },
  131021: { title: 'Recipient cannot be sender', httpStatus: 400, details: 'Sender and recipient phone number is the same.' },
  131026: {
    title: 'Message undeliverable',
    httpStatus: 400,
    details:
      'Unable to deliver message. Reasons can include: the recipient phone number is not a WhatsApp phone number; the recipient has not accepted our new Terms of Service and Privacy Policy; the recipient is using an old WhatsApp version.',
  },
  131030: { title: 'Recipient phone number not in allowed list', httpStatus: 400, details: 'Add recipient phone number to recipient list and try again.' },
  131031: {
    title: 'Account has been locked',
    httpStatus: 403,
    details: 'Your WhatsApp Business Account has been restricted or disabled for violating a platform policy.',
  },
  131042: { title: 'Business eligibility payment issue', httpStatus: 400, details: 'There was an error related to your payment method.' },
  131047: {
    title: 'Re-engagement message',
    httpStatus: 400,
    details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  131048: {
    title: 'Spam rate limit hit',
    httpStatus: 400,
    details: 'Message failed to send because there are restrictions on how many messages can be sent from this phone number.',
  },
  131049: {
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    httpStatus: 400,
    details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
  131050: {
    title: 'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
    httpStatus: 400,
    details: 'The user has stopped marketing messages.',
  },
  131051: { title: 'Unsupported message type', httpStatus: 400, details: 'Message type is not currently supported.' },
  131053: { title: 'Media upload error', httpStatus: 400, details: 'Unable to upload the media used in the message.' },
  131056: {
    title: '(Business Account, Consumer Account) pair rate limit hit',
    httpStatus: 400,
    details: 'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
  },
  131057: { title: 'Account in maintenance mode', httpStatus: 500, details: 'Business Account is in maintenance mode.' },
  131062: {
    title: 'BSUID recipients not supported for this message',
    httpStatus: 400,
    details: 'Business-scoped user ID recipients are not supported for this message.',
  },
  132000: {
    title: 'Number of parameters does not match the expected number of params',
    httpStatus: 400,
    details: 'The number of variable parameter values does not match the number of variables defined in the template.',
  },
  132001: { title: 'Template name does not exist in the translation', httpStatus: 404, details: 'Template name does not exist in the translation.' },
  132005: { title: 'Translated text too long', httpStatus: 400, details: 'Translated text is too long.' },
  132007: { title: 'Template Format Character Policy Violated', httpStatus: 400, details: 'Template content violates a WhatsApp policy.' },
  132012: {
    title: 'Parameter format does not match format in the created template',
    httpStatus: 400,
    details: 'Variable parameter values formatted incorrectly.',
  },
  132015: { title: 'Template is Paused', httpStatus: 400, details: 'Template is paused due to low quality so it cannot be sent in a template message.' },
  132016: {
    title: 'Template is Disabled',
    httpStatus: 400,
    details: 'Template has been paused too many times due to low quality and is now permanently disabled.',
  },
  133004: { title: 'Server temporarily unavailable', httpStatus: 503, details: 'Server is temporarily unavailable.' },
  133010: { title: 'Phone number not registered', httpStatus: 400, details: 'The phone number is not registered on the WhatsApp Business Platform.' },
};

export function errorInfo(code: number): ErrorInfo {
  return CATALOGUE[code] ?? { title: 'Error', httpStatus: 400, details: `Error ${code}.` };
}
