import type { TemplateDefinition } from './template-types.js';

/** Meta's verdict on a submitted template: approved, or rejected with a `reason` of Meta's list and what to change. */
export type TemplateVerdict =
  | { event: 'APPROVED' }
  | { event: 'REJECTED'; reason: 'INVALID_FORMAT' | 'INCORRECT_CATEGORY' | 'TAG_CONTENT_MISMATCH'; info: { reason: string; recommendation: string } };

/** Words of an offer: a template filed as UTILITY that uses them is marketing (INCORRECT_CATEGORY). */
const PROMOTIONAL = /\b(sale|discount|% off|offer|promo(tion)?|coupon|deal|free gift|buy now|limited time)\b/i;

/**
 * The checks the simulator's review makes, in the spirit of Meta's (which are not published as
 * rules): parameters next to each other, more variables than words around them, a body without
 * example values (INVALID_FORMAT), promotional wording in a UTILITY template (INCORRECT_CATEGORY),
 * examples that do not look like what the text says (TAG_CONTENT_MISMATCH: an example that is
 * itself a placeholder). Anything else is approved.
 */
export function reviewTemplate(template: TemplateDefinition): TemplateVerdict {
  const body = template.components.find((c) => c.type === 'BODY');
  const text = body?.text ?? '';
  if (/\}\}\s*\{\{/.test(text))
    return rejected(
      'INVALID_FORMAT',
      'Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.',
      'Separate parameters with descriptive text and ensure each parameter is clearly contextualized.',
    );
  const variables = [...text.matchAll(/\{\{[^{}]*\}\}/g)].length;
  const words = text
    .replace(/\{\{[^{}]*\}\}/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  if (variables > 0 && words < 2 * variables + 1)
    return rejected(
      'INVALID_FORMAT',
      'Your template has too many parameters for its length.',
      'Add more fixed text around the parameters, or use fewer parameters.',
    );
  if (variables > 0 && !body?.example)
    return rejected('INVALID_FORMAT', 'Your template has parameters without example values.', 'Give an example value for every parameter.');
  const examples = JSON.stringify(body?.example ?? {});
  if (/\{\{|\}\}/.test(examples))
    return rejected('TAG_CONTENT_MISMATCH', "Your template's example values do not match its content.", 'Use realistic example values for each parameter.');
  const allText = template.components.map((c) => c.text ?? '').join(' ');
  if (template.category === 'UTILITY' && PROMOTIONAL.test(allText))
    return rejected(
      'INCORRECT_CATEGORY',
      'Your template was submitted as utility but its content is promotional.',
      'Submit it in the MARKETING category, or remove the promotional content.',
    );
  return { event: 'APPROVED' };
}

function rejected(reason: 'INVALID_FORMAT' | 'INCORRECT_CATEGORY' | 'TAG_CONTENT_MISMATCH', why: string, recommendation: string): TemplateVerdict {
  return { event: 'REJECTED', reason, info: { reason: why, recommendation } };
}
