import { anyObject, arrayOf, dateTime, int, named, nullable, object, str } from '../../contract/schema.js';

export const RenderedTemplate = named(
  'RenderedTemplate',
  object(
    {
      header: nullable(str()),
      body: str(),
      footer: nullable(str()),
      buttons: arrayOf(object({ type: str(), text: str() })),
      text: str({ description: 'all of it as one text, as the customer saw it' }),
    },
    { description: 'A template message as the customer saw it.' },
  ),
);

/** An entry of the template registry, synced from Meta. */
export const Template = named(
  'Template',
  object(
    {
      id: str({ description: "Meta's template id" }),
      waba_id: str(),
      name: str(),
      language: str({ description: 'e.g. `en`, `en_US`' }),
      category: str({ description: 'MARKETING, UTILITY or AUTHENTICATION' }),
      status: str({ description: 'APPROVED, PENDING, REJECTED, PAUSED, DISABLED, …' }),
      quality: nullable(str()),
      parameter_format: nullable(str({ description: 'POSITIONAL or NAMED' })),
      components: arrayOf(anyObject(), { description: 'as Meta returns them' }),
      synced_at: dateTime(),
      updated_at: dateTime(),
    },
    { description: 'An entry of the template registry, synced from Meta.' },
  ),
);

export const TemplateList = object({ data: arrayOf(Template) });
export const SyncResult = object({ waba_id: str(), synced: int({ minimum: 0 }), removed: int({ minimum: 0 }) });
export const Rendered = object({ rendered: RenderedTemplate });
