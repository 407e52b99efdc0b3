/**
 * Where a pass through a table in (time, id) order stands: the last row it read. The time is
 * PostgreSQL's own text of the column (microseconds), which a JS Date would round, so the next
 * page neither skips nor repeats rows of the same millisecond.
 */
export interface KeysetCursor {
  readonly at: string;
  readonly id: string;
}
