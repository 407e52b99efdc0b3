import { arrayOf, bool, named, nullable, object, str, type Schema } from '../../contract/schema.js';
import { Inbound } from '../conversations/inbound.schemas.js';
import { Message } from '../outbox/outbox.schemas.js';

const propertiesOf = (schema: Schema) => schema.properties as Record<string, Schema>;

const cursor = str({
  description: 'where this row stands in the export: `cursor=` with it (and the same period) continues with the rows after it',
});

/** Meta's pricing object as statuses carry it: its four documented fields. */
export const ExportPricing = nullable(
  object({
    billable: nullable(bool()),
    pricing_model: nullable(str({ description: '`PMP` (per message), or `CBP` on older statuses' })),
    category: nullable(str({ description: '`marketing`, `utility`, `authentication`, `service`, …' })),
    type: nullable(str({ description: '`regular`, `free_customer_service`, `free_entry_point`' })),
  }),
  { description: "Meta's pricing from the latest status that carried one (by Meta's time); null until one did" },
);

/** One line (or CSV row) of the messages export: the message resource as it stood when read, with its pricing and its cursor. */
export const MessageExportRow = named(
  'MessageExportRow',
  object(
    { ...propertiesOf(Message), pricing: ExportPricing, cursor },
    { description: 'The message resource (M) as it stood when its page was read, with `pricing` and the `cursor` that continues after it.' },
  ),
);

/** One line (or CSV row) of the inbound export: the inbound resource with its cursor (`message_id` is the message it answers). */
export const InboundExportRow = named(
  'InboundExportRow',
  object(
    { ...propertiesOf(Inbound), cursor },
    {
      description: 'The inbound resource as it stood when its page was read (`message_id`: the message it answers), with the `cursor` that continues after it.',
    },
  ),
);

/** The CSV columns, in order: the row's fields as the schema lists them. */
export const MESSAGE_EXPORT_COLUMNS: readonly string[] = Object.keys(propertiesOf(MessageExportRow));
export const INBOUND_EXPORT_COLUMNS: readonly string[] = Object.keys(propertiesOf(InboundExportRow));

/** The 200 of an export: the same rows as JSON lines or as CSV. */
export function exportBodies(row: Schema, what: string): Record<string, Schema> {
  return {
    'application/x-ndjson': arrayOf(row, {
      description: `Newline-delimited JSON: one ${what} per line, oldest first (by \`created_at\`, then \`id\`). Shown here as the list of its lines.`,
    }),
    'text/csv': str({
      description: `RFC 4180 CSV (UTF-8, CRLF): a header row naming the fields of a ${what} in the order of the JSON lines, then one row each; nested values (objects, lists) are one field of JSON text; a text field starting with \`=\`, \`+\`, \`-\`, \`@\`, a tab or CR has a leading \`'\` so spreadsheets never run it as a formula.`,
    }),
  };
}
