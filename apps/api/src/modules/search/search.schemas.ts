import { arrayOf, dateTime, int, named, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';

export const SEARCH_RESULT_KINDS = ['inbound', 'message', 'note'] as const;
export const SEARCH_MATCHED = ['text', 'contact_name', 'phone', 'trigger_ref', 'dedupe_key', 'wamid'] as const;

export const SearchResult = named(
  'SearchResult',
  object(
    {
      conversation_id: uuid({ description: 'the thread it is in: open it at `/conversations/{conversation_id}?message={id}`' }),
      kind: oneOfValues(SEARCH_RESULT_KINDS, { description: '`inbound` (the customer wrote it), `message` (we sent it) or `note` (the team’s)' }),
      id: uuid({ description: 'the inbound message’s, outbound message’s or note’s id' }),
      matched: oneOfValues(SEARCH_MATCHED, {
        description:
          'what matched: the words of the message (`text`: a customer’s text, caption or choice; ours, a template as rendered; a note), or the contact’s name or number (then the result is the thread’s newest message), or an id',
      }),
      excerpt: str({ description: 'plain text around the match (never markup), whitespace folded; `…` where text was left out' }),
      highlights: arrayOf(arrayOf(int({ minimum: 0 }), { minItems: 2, maxItems: 2 }), {
        description: '`[start, end)` of each match in `excerpt`, in UTF-16 code units (JavaScript string offsets)',
      }),
      at: dateTime({ description: 'when it was written (for a name or number match: when the thread was last active); results are newest first' }),
      contact: object({ name: nullable(str()), wa_id: nullable(str({ description: 'phone number digits' })) }),
    },
    { description: 'One place the search found: a message or note, linked to its thread.' },
  ),
);

export const SearchPage = object({
  results: arrayOf(SearchResult),
  next_cursor: nullable(str({ description: 'pass as `cursor` for the next page; null on the last' })),
});
