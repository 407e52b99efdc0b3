import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { SEARCH_QUERY_MAX_LENGTH } from '@sendbook/queue';

export const SEARCH_PAGE = 20;
export const SEARCH_MAX_PAGE = 50;

/** `GET /v1/search?q=&cursor=&limit=`. */
export class SearchQueryDto {
  @IsString({ message: 'q is required: the words, number or id to find' })
  @Length(1, SEARCH_QUERY_MAX_LENGTH, { message: `q must be 1 to ${SEARCH_QUERY_MAX_LENGTH} characters` })
  @Matches(/\S/, { message: 'q must not be blank' })
  @JSONSchema({
    description:
      'Words (the last one may be the beginning of a word), or part of a phone number, wamid, `dedupe_key` or `trigger_ref` (3 characters or more, with a digit or one of `:/._-=+#@`, or 12 characters and more).',
  })
  q!: string;

  @IsOptional()
  @IsString()
  @JSONSchema({ description: '`next_cursor` of the page before' })
  cursor?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(SEARCH_MAX_PAGE)
  @JSONSchema({ description: `results per page (1-${SEARCH_MAX_PAGE}, default ${SEARCH_PAGE})` })
  limit?: number;
}
