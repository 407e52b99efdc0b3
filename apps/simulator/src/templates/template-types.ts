/** Message templates in the shape `GET /{waba_id}/message_templates` returns them. */
export type TemplateStatus =
  'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED' | 'IN_APPEAL' | 'ARCHIVED' | 'DELETED' | 'LIMIT_EXCEEDED' | 'PENDING_DELETION';

export type TemplateCategory = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';

export interface TemplateButton {
  type: 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER' | 'COPY_CODE' | 'OTP' | 'FLOW';
  /** Meta fills the label of COPY_CODE and OTP buttons itself. */
  text?: string;
  otp_type?: 'COPY_CODE' | 'ONE_TAP' | 'ZERO_TAP';
  url?: string;
  phone_number?: string;
  example?: string | string[];
}

export interface TemplateComponent {
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS' | 'CAROUSEL';
  format?: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'LOCATION';
  text?: string;
  buttons?: TemplateButton[];
  /** A carousel's cards, each with its own header and buttons. */
  cards?: Array<{ components: TemplateComponent[] }>;
  example?: Record<string, unknown>;
}

export interface TemplateDefinition {
  id: string;
  name: string;
  language: string;
  status: TemplateStatus;
  category: TemplateCategory;
  /** NAMED templates use `{{name}}` placeholders and `parameter_name` at send time. */
  parameter_format?: 'POSITIONAL' | 'NAMED';
  components: TemplateComponent[];
  /** Why the review rejected it (`GET …?fields=rejected_reason`). */
  rejected_reason?: string;
}
