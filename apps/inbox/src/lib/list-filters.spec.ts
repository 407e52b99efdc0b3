import { DEFAULT_FILTERS, emptyWords, filtersFrom, filtersQuery } from './list-filters';

describe('the conversation list’s filters in the URL', () => {
  it.each([
    ['', DEFAULT_FILTERS],
    ['view=mine', { ...DEFAULT_FILTERS, view: 'mine' }],
    ['view=unassigned&state=closed', { ...DEFAULT_FILTERS, view: 'unassigned', state: 'closed' }],
    ['view=everyone&state=gone', DEFAULT_FILTERS],
    ['q=%20dana%20&window=open', { ...DEFAULT_FILTERS, q: 'dana', windowOpen: true }],
    ['window=closed', DEFAULT_FILTERS],
  ])('%s', (query, filters) => {
    expect(filtersFrom(new URLSearchParams(query))).toEqual(filters);
  });

  it('cuts a search to what the API takes', () => {
    expect(filtersFrom(new URLSearchParams(`q=${'9'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('writes back only what differs from the defaults, and round-trips', () => {
    expect(filtersQuery(DEFAULT_FILTERS)).toBe('');
    const filters = { view: 'mine', state: 'all', q: '+972 50', windowOpen: true, label: '' } as const;
    expect(filtersQuery(filters)).toBe('?view=mine&state=all&q=%2B972+50&window=open');
    expect(filtersFrom(new URLSearchParams(filtersQuery(filters).slice(1)))).toEqual(filters);
  });

  it('says why the list is empty, the most specific filter first', () => {
    expect(emptyWords({ ...DEFAULT_FILTERS, q: 'zed', view: 'mine' }).title).toBe('No conversation matches “zed”');
    expect(emptyWords({ ...DEFAULT_FILTERS, windowOpen: true }).title).toBe('No conversation with an open window');
    expect(emptyWords({ ...DEFAULT_FILTERS, view: 'mine' }).title).toBe('Nothing assigned to you');
    expect(emptyWords(DEFAULT_FILTERS).title).toBe('No open conversations');
  });
});
