/** Message templates in the shape `GET /{waba_id}/message_templates` returns them. */
export type TemplateStatus =
  | 'APPROVED'
  | 'PENDING'
  | 'REJECTED'
  | 'PAUSED'
  | 'DISABLED'
  | 'IN_APPEAL'
  | 'ARCHIVED'
  | 'DELETED'
  | 'LIMIT_EXCEEDED'
  | 'PENDING_DELETION';

export type TemplateCategory = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';

export interface TemplateButton {
  type: 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER' | 'COPY_CODE' | 'OTP' | 'FLOW';
  text: string;
  url?: string;
  phone_number?: string;
  example?: string[];
}

export interface TemplateComponent {
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS';
  format?: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'LOCATION';
  text?: string;
  buttons?: TemplateButton[];
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
}
