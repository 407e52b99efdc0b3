import type { Type } from '@nestjs/common';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { IS_DATE, MATCHES } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { Schema } from './openapi-types.js';

const REF_PREFIX = '#/components/schemas/';

/** `CreateMessageDto` → `CreateMessage`: the contract names the shape, not our class. */
export const dtoSchemaName = (dto: Type | string): string => (typeof dto === 'string' ? dto : dto.name).replace(/Dto$/, '');

/**
 * JSON Schemas of the DTOs, from the same class-validator decorators the ValidationPipe runs, so
 * the documented request is the validated one. Bodies are closed (`forbidNonWhitelisted`).
 */
export function dtoSchemas(): Map<string, Schema> {
  const raw = validationMetadatasToSchemas({
    refPointerPrefix: REF_PREFIX,
    classTransformerMetadataStorage: defaultMetadataStorage,
    additionalConverters: {
      // `@Type(() => Date) @IsDate()` takes an ISO 8601 string on the wire.
      [IS_DATE]: { type: 'string', format: 'date-time' },
      [MATCHES]: (meta) => {
        const pattern = meta.constraints[0] as RegExp;
        // JSON Schema patterns have no flags: `/…/i` would be documented as case-sensitive.
        if (pattern.flags.replace('u', '') !== '')
          throw new Error(
            `${(meta.target as Function).name}.${meta.propertyName}: @Matches(${String(pattern)}) has flags, which a JSON Schema pattern cannot carry; spell them out in the pattern`,
          );
        return { type: 'string', pattern: pattern.source };
      },
    },
  }) as Record<string, Schema>;
  const out = new Map<string, Schema>();
  for (const [className, schema] of Object.entries(raw)) {
    out.set(dtoSchemaName(className), renameRefs({ ...schema, additionalProperties: false }) as Schema);
  }
  return out;
}

/** Nested DTO references follow the renaming. */
function renameRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '$ref' && typeof v === 'string' && v.startsWith(REF_PREFIX) ? REF_PREFIX + dtoSchemaName(v.slice(REF_PREFIX.length)) : renameRefs(v),
    ]),
  );
}
