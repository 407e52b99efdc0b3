import { kindLabel, matchedLabel, resultHref, searchHref } from './search-result';

describe('search results as an agent reads them', () => {
  it.each([
    ['inbound', 'Customer'],
    ['message', 'Reply'],
    ['note', 'Note'],
  ] as const)('%s is labelled %s', (kind, label) => expect(kindLabel(kind)).toBe(label));

  it('names the field that matched unless it was the words', () => {
    expect(matchedLabel('text')).toBeNull();
    expect(matchedLabel('dedupe_key')).toBe('Dedupe key');
    expect(matchedLabel('phone')).toBe('Number');
  });

  it('links to the thread at the message, and keeps a search in the URL', () => {
    expect(resultHref({ conversation_id: 'c-1', id: 'm-2' })).toBe('/conversations/c-1?message=m-2');
    expect(searchHref('  where is my order ')).toBe('/search?q=where+is+my+order');
    expect(searchHref('a&b=c')).toBe('/search?q=a%26b%3Dc');
    expect(searchHref('   ')).toBe('/search');
  });
});
