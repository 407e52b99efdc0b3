import { joinPages } from './work-pages';

describe('joinPages: cursor pages as one list', () => {
  it('keeps page order and lists an item on two pages once, where it first appeared', () => {
    const pages = [{ data: [{ id: 'a' }, { id: 'b' }] }, { data: [{ id: 'b' }, { id: 'c' }] }, { data: [] }];
    expect(joinPages(pages).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('no pages, no items', () => {
    expect(joinPages([])).toEqual([]);
  });
});
