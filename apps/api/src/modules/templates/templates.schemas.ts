import { anyObject, arrayOf, dateTime, int, named, nullable, object, oneOfValues, str } from '../../contract/schema.js';

const RenderedButton = object({
  type: str({ description: 'QUICK_REPLY, URL, COPY_CODE, OTP, PHONE_NUMBER, FLOW, …' }),
  text: str({ description: 'the label the customer saw' }),
  value: nullable(str({ description: 'what it carries: the URL with its suffix filled, the coupon code, the quick-reply payload, the phone number' })),
});

const RenderedMedia = nullable(
  object({
    type: str({ description: 'image, video or document' }),
    id: nullable(str({ description: 'uploaded media id' })),
    link: nullable(str({ description: 'public link' })),
  }),
  { description: "a media header's image, video or document as sent; null for a text header or none" },
);

export const RenderedTemplate = named(
  'RenderedTemplate',
  object(
    {
      header: nullable(str()),
      media: RenderedMedia,
      body: str(),
      footer: nullable(str()),
      buttons: arrayOf(RenderedButton),
      cards: arrayOf(object({ media: RenderedMedia, body: nullable(str()), buttons: arrayOf(RenderedButton) }), {
        description: "a carousel's cards in order; empty for other templates",
      }),
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
      rejection: nullable(
        object({
          reason: str({ description: "Meta's `reason`: INVALID_FORMAT, INCORRECT_CATEGORY, TAG_CONTENT_MISMATCH, ABUSIVE_CONTENT, …" }),
          detail: nullable(str({ description: "Meta's words on what is wrong (`rejection_info.reason`), when it gave them" })),
          recommendation: nullable(str({ description: "Meta's advice (`rejection_info.recommendation`), when it gave it" })),
        }),
        { description: 'why Meta rejected it; null unless `status` is REJECTED' },
      ),
      approved_edits: arrayOf(dateTime(), {
        description:
          'when it was edited through Sendbook while APPROVED, oldest first: Meta allows that once in 24 hours and 10 times in 30 days (`templateEditRefusal` in @sendbook/api-contract says when the next edit may go)',
      }),
      synced_at: dateTime(),
      updated_at: dateTime(),
    },
    { description: 'An entry of the template registry, synced from Meta.' },
  ),
);

export const TemplateList = object({ data: arrayOf(Template) });
export const SyncResult = object({ waba_id: str(), synced: int({ minimum: 0 }), removed: int({ minimum: 0 }) });
export const Rendered = object({ rendered: RenderedTemplate });
export const OneTemplate = object({ template: Template });

/** Meta refused, or could not be reached: its error as it answered. */
export const META_FAILURE = {
  422: {
    description: 'Meta refused the call (`meta_refused`); `meta_error` carries its code and words.',
    body: object({
      error: oneOfValues(['meta_refused']),
      message: str(),
      meta_error: object({ code: nullable(int()), message: nullable(str()), details: nullable(str()) }),
    }),
  },
  502: {
    description: 'Meta could not be reached or answered unusably (`meta_unreachable`); nothing is stored, try again.',
    body: object({ error: oneOfValues(['meta_unreachable']), message: str() }),
  },
};
