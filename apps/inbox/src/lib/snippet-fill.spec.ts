import type { Snippet } from '@sendbook/api-contract';
import { fillSnippet, matchingSnippets, snippetTrigger, unfilledPlaceholders } from './snippet-fill';

const snippet = (title: string, text = 'x'): Snippet => ({
  id: title,
  title,
  text,
  variables: [],
  created_by: 'staff:1',
  created_by_name: null,
  created_at: '',
  updated_at: '',
});

describe('snippets in the composer', () => {
  it('fills what is known and leaves the rest visible', () => {
    expect(
      fillSnippet('Hi {{contact.name}}, order {{ last_message.trigger_ref }}. {{agent.name}}', {
        'contact.name': 'Dana',
        'agent.name': 'Sam',
        'last_message.trigger_ref': null,
      }),
    ).toBe('Hi Dana, order {{last_message.trigger_ref}}. Sam');
    expect(fillSnippet('{{contact.phone}}', { 'contact.phone': '  ' })).toBe('{{contact.phone}}');
  });

  it('names the placeholders a reply still holds', () => {
    expect(unfilledPlaceholders('Hi {{contact.name}} and {{contact.name}}, {{ x }}')).toEqual(['{{contact.name}}', '{{x}}']);
    expect(unfilledPlaceholders('Hi Dana')).toEqual([]);
  });

  it('opens on a /word at the start or after a space, not inside a word or a link', () => {
    expect(snippetTrigger('/')).toEqual({ start: 0, query: '' });
    expect(snippetTrigger('Thanks! /ship')).toEqual({ start: 8, query: 'ship' });
    expect(snippetTrigger('see https://x.example/ship')).toBeNull();
    expect(snippetTrigger('and/or')).toBeNull();
    expect(snippetTrigger('/ship now')).toBeNull();
  });

  it('finds by title or text, titles that start with the query first', () => {
    const all = [snippet('Apology', 'sorry about the shipping'), snippet('Shipping delay'), snippet('Hours')];
    expect(matchingSnippets(all, 'ship').map((s) => s.title)).toEqual(['Shipping delay', 'Apology']);
    expect(matchingSnippets(all, '').map((s) => s.title)).toEqual(['Apology', 'Shipping delay', 'Hours']);
  });
});
