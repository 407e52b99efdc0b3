import { IsIn, IsOptional, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const TIME = 'must be one ISO 8601 time with its offset, e.g. 2026-01-01T00:00:00Z';

/** `GET /v1/messages/export` and `GET /v1/inbound/export`: a period [since, until) by `created_at`. */
export class ExportQueryDto {
  @IsString({ message: TIME })
  @JSONSchema({
    type: 'string',
    format: 'date-time',
    description: 'the first moment of the period, inclusive: an ISO 8601 time with its offset',
    examples: ['2026-01-01T00:00:00Z'],
  })
  since!: string;

  @IsString({ message: TIME })
  @JSONSchema({
    type: 'string',
    format: 'date-time',
    description: 'the end of the period, exclusive (after `since`): an ISO 8601 time with its offset',
    examples: ['2026-02-01T00:00:00+02:00'],
  })
  until!: string;

  @IsOptional()
  @IsIn(EXPORT_FORMATS)
  @JSONSchema({ description: '`jsonl` (default): one JSON object per line; `csv`: RFC 4180 with a header row' })
  format?: ExportFormat;

  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'continue after the row that carried this `cursor` (from an earlier export of the same kind)' })
  cursor?: string;
}
