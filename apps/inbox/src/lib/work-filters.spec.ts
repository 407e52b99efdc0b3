import { NO_FILTERS, ageWords, apiFilters, filterWords, isFiltered, parseWorkFilters, workFiltersSearch, workItemsQuery } from './work-filters';

describe('work-queue filters in the URL', () => {
  it('an empty URL is the open queue, oldest first, unfiltered', () => {
    expect(parseWorkFilters(new URLSearchParams(''))).toEqual(NO_FILTERS);
    expect(workFiltersSearch(NO_FILTERS)).toBe('');
    expect(isFiltered(NO_FILTERS)).toBe(false);
  });

  it('round-trips every filter, in a stable order', () => {
    const search = '?status=resolved&number=106540352242922&purpose=order_shipped&error=131026&age=30m&before=2026-09-21T06%3A00%3A00.000Z&sort=newest';
    const filters = parseWorkFilters(new URLSearchParams(search));
    expect(filters).toEqual({
      status: 'resolved',
      sort: 'newest',
      number: '106540352242922',
      purpose: 'order_shipped',
      errorCode: '131026',
      age: '30m',
      before: '2026-09-21T06:00:00.000Z',
    });
    expect(workFiltersSearch(filters)).toBe(search);
    const shuffled = new URLSearchParams(
      'sort=newest&age=30m&purpose=order_shipped&status=resolved&error=131026&number=106540352242922&before=2026-09-21T06:00:00Z',
    );
    expect(workFiltersSearch(parseWorkFilters(shuffled))).toBe(search);
  });

  it('reads Next.js searchParams objects too (the first of repeated values)', () => {
    expect(parseWorkFilters({ purpose: ['promo', 'other'], sort: 'newest' })).toMatchObject({ purpose: 'promo', sort: 'newest' });
  });

  it.each([
    ['number', 'abc', 'number'],
    ['purpose', '-leading-dash', 'purpose'],
    ['error', 'has space', 'errorCode'],
    ['age', '30 minutes', 'age'],
    ['before', 'yesterday', 'before'],
    ['status', 'everything', 'status'],
  ])('drops a %s the API would refuse (%s)', (name, value, field) => {
    const filters = parseWorkFilters(new URLSearchParams({ [name]: value }));
    expect(filters[field as keyof typeof filters]).toBe(NO_FILTERS[field as keyof typeof NO_FILTERS]);
  });

  it('normalises before= to an ISO instant', () => {
    expect(parseWorkFilters(new URLSearchParams({ before: '2026-09-21T09:00:00+03:00' })).before).toBe('2026-09-21T06:00:00.000Z');
  });

  it('names the filters as the API does, and only those set', () => {
    const filters = { ...NO_FILTERS, purpose: 'promo', age: '1h' };
    expect(apiFilters(filters)).toEqual({ purpose: 'promo', older_than: '1h' });
    expect(workItemsQuery('failed', filters, 50, 'abc')).toEqual({
      kind: 'failed',
      status: 'open',
      sort: 'oldest',
      limit: 50,
      purpose: 'promo',
      older_than: '1h',
      cursor: 'abc',
    });
    expect(workItemsQuery('failed', NO_FILTERS, 50, null)).not.toHaveProperty('cursor');
  });

  it('says the filters in words', () => {
    expect(filterWords({ ...NO_FILTERS, number: '1065', purpose: 'promo', errorCode: '131026', age: '2h', before: '2026-09-21T06:00:00.000Z' })).toEqual([
      'number 1065',
      'purpose promo',
      'error 131026',
      'waiting 2 hours or more',
      'already waiting at 2026-09-21 06:00:00 UTC',
    ]);
  });

  it.each([
    ['1m', '1 minute'],
    ['30m', '30 minutes'],
    ['1d', '1 day'],
    ['45s', '45 seconds'],
    ['x', 'x'],
  ])('ageWords(%s) → %s', (age, words) => {
    expect(ageWords(age)).toBe(words);
  });
});
