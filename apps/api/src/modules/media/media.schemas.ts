import { arrayOf, bool, dateTime, int, named, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';

const KINDS = ['image', 'video', 'audio', 'document', 'sticker'] as const;

export const Upload = named(
  'Upload',
  object(
    {
      upload_id: uuid({ description: 'names the file in `POST /v1/conversations/{id}/replies` (`media.upload_id`)' }),
      kind: oneOfValues(KINDS, { description: 'what WhatsApp sends it as' }),
      mime_type: str(),
      size: int({ description: 'bytes' }),
      filename: nullable(str()),
      sha256: str({ description: 'hex SHA-256 of the bytes' }),
      created_at: dateTime(),
    },
    { description: 'A file kept in Sendbook, ready to send: checked against WhatsApp’s type and size limits.' },
  ),
);

export const MediaLimits = named(
  'MediaLimits',
  object({
    kinds: arrayOf(
      object({
        kind: oneOfValues(KINDS),
        mime_types: arrayOf(str()),
        max_bytes: int(),
        caption: bool({ description: 'whether WhatsApp shows a caption with it' }),
      }),
    ),
  }),
);

/** The file of a message, as the thread shows it; `href` serves the bytes kept in Sendbook. */
export const KeptFile = named(
  'KeptFile',
  object(
    {
      id: uuid(),
      state: oneOfValues(['fetching', 'kept', 'failed'], {
        description: '`fetching` while a worker downloads a customer’s file; `failed` when WhatsApp would not give it',
      }),
      mime_type: nullable(str()),
      size: nullable(int()),
      filename: nullable(str()),
      href: str({ description: '`/v1/media/{id}`' }),
    },
    { description: 'A file Sendbook keeps: there after WhatsApp has forgotten its media id.' },
  ),
);
