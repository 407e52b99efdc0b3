import { SNIPPET_VARIABLES } from '@sendbook/queue';
import { arrayOf, dateTime, named, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';

export const Snippet = named(
  'Snippet',
  object(
    {
      id: uuid(),
      title: str(),
      text: str({ description: 'with its `{{variables}}` as written' }),
      variables: arrayOf(oneOfValues(SNIPPET_VARIABLES), { description: 'the variables the text names, in order of first use' }),
      created_by: str({ description: '`staff:<id>` or `api_key:<id>`' }),
      created_by_name: nullable(str(), { description: 'their name, when they are a staff member' }),
      created_at: dateTime(),
      updated_at: dateTime(),
    },
    { description: 'A saved answer agents insert into a reply.' },
  ),
);

export const SnippetList = object({
  data: arrayOf(Snippet),
  variables: arrayOf(oneOfValues(SNIPPET_VARIABLES), { description: 'every variable a snippet may use' }),
});
export const OneSnippet = object({ snippet: Snippet });
