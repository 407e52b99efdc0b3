/**
 * A work queue's view as a URL: which items (open or resolved), which number, purpose, error code
 * and age, and in which order. The URL is the state, so a filtered queue is a deep link (a chart
 * point opens one) and Back works. Values the API would refuse are dropped, never sent.
 */
export interface WorkFilters {
  readonly status: 'open' | 'resolved';
  readonly sort: 'oldest' | 'newest';
  /** phone_number_id */
  readonly number: string | null;
  readonly purpose: string | null;
  readonly errorCode: string | null;
  /** Only items waiting at least this long: `30m`, `2h`, `1d`. */
  readonly age: string | null;
  /** Only items already waiting at this instant (ISO 8601): a chart point's time. */
  readonly before: string | null;
}

export const NO_FILTERS: WorkFilters = { status: 'open', sort: 'oldest', number: null, purpose: null, errorCode: null, age: null, before: null };

/** The ages offered in the filter bar; any `\d+[smhd]` in a URL works too. */
export const AGE_OPTIONS = [
  { value: '5m', label: 'Waiting 5 min or more' },
  { value: '30m', label: 'Waiting 30 min or more' },
  { value: '1h', label: 'Waiting 1 h or more' },
  { value: '6h', label: 'Waiting 6 h or more' },
  { value: '1d', label: 'Waiting a day or more' },
] as const;

// The API's own patterns (BulkWorkItems in the contract).
const NUMBER = /^\d{1,32}$/;
const PURPOSE = /^[a-zA-Z0-9][a-zA-Z0-9_.:-]{0,99}$/;
const ERROR_CODE = /^[A-Za-z0-9_]{1,40}$/;
const AGE = /^\d{1,5}[smhd]$/;

type Search = URLSearchParams | Readonly<Record<string, string | string[] | undefined>>;

function read(search: Search, name: string): string | null {
  const raw = search instanceof URLSearchParams ? search.get(name) : search[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

const matching = (value: string | null, pattern: RegExp) => (value !== null && pattern.test(value) ? value : null);

function instant(value: string | null): string | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function parseWorkFilters(search: Search): WorkFilters {
  return {
    status: read(search, 'status') === 'resolved' ? 'resolved' : 'open',
    sort: read(search, 'sort') === 'newest' ? 'newest' : 'oldest',
    number: matching(read(search, 'number'), NUMBER),
    purpose: matching(read(search, 'purpose'), PURPOSE),
    errorCode: matching(read(search, 'error'), ERROR_CODE),
    age: matching(read(search, 'age'), AGE),
    before: instant(read(search, 'before')),
  };
}

/** `?purpose=promo&sort=newest`, defaults left out, always in the same order ('' without any). */
export function workFiltersSearch(filters: WorkFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== 'open') params.set('status', filters.status);
  if (filters.number) params.set('number', filters.number);
  if (filters.purpose) params.set('purpose', filters.purpose);
  if (filters.errorCode) params.set('error', filters.errorCode);
  if (filters.age) params.set('age', filters.age);
  if (filters.before) params.set('before', filters.before);
  if (filters.sort !== 'oldest') params.set('sort', filters.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filters that narrow the queue (not the tab or the order), as the API names them. */
export function apiFilters(filters: WorkFilters): { phone_number_id?: string; purpose?: string; error_code?: string; older_than?: string; before?: string } {
  return {
    ...(filters.number ? { phone_number_id: filters.number } : {}),
    ...(filters.purpose ? { purpose: filters.purpose } : {}),
    ...(filters.errorCode ? { error_code: filters.errorCode } : {}),
    ...(filters.age ? { older_than: filters.age } : {}),
    ...(filters.before ? { before: filters.before } : {}),
  };
}

/** The query of `GET /v1/work-items` for one page of this view. */
export function workItemsQuery<K extends string>(kind: K, filters: WorkFilters, limit: number, cursor?: string | null) {
  return { kind, status: filters.status, sort: filters.sort, limit, ...apiFilters(filters), ...(cursor ? { cursor } : {}) } as const;
}

/** Whether anything narrows the queue (so an empty page says "nothing matches", not "nothing here"). */
export function isFiltered(filters: WorkFilters): boolean {
  return Object.keys(apiFilters(filters)).length > 0;
}

/** The narrowing filters in words, for the bulk summary and the empty state: "number 1065…, purpose promo". */
export function filterWords(filters: WorkFilters): string[] {
  const words: string[] = [];
  if (filters.number) words.push(`number ${filters.number}`);
  if (filters.purpose) words.push(`purpose ${filters.purpose}`);
  if (filters.errorCode) words.push(`error ${filters.errorCode}`);
  if (filters.age) words.push(`waiting ${ageWords(filters.age)} or more`);
  if (filters.before) words.push(`already waiting at ${filters.before.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}`);
  return words;
}

const UNITS: Record<string, [string, string]> = { s: ['second', 'seconds'], m: ['minute', 'minutes'], h: ['hour', 'hours'], d: ['day', 'days'] };

/** `30m` → "30 minutes". */
export function ageWords(age: string): string {
  const match = AGE.exec(age) ? /^(\d+)([smhd])$/.exec(age) : null;
  if (!match) return age;
  const n = Number(match[1]);
  const [one, many] = UNITS[match[2]!]!;
  return `${n} ${n === 1 ? one : many}`;
}
