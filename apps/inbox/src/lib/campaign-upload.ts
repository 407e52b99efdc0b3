import { fileCampaignRefusal, parseCsv, templateVariables, type Template } from '@sendbook/api-contract';

/** The header names that say who a row goes to, as the API reads them (a phone number, or a business-scoped user id). */
const RECIPIENT_COLUMNS = ['phone', 'to', 'recipient'];

/** What the inbox needs of a recipients file before sending it: its columns and how many rows it has. The API checks every row. */
export type RecipientsFile = { ok: true; columns: string[]; recipientColumn: string; rows: number } | { ok: false; reason: string; columns: string[] };

export function readRecipientsFile(text: string): RecipientsFile {
  const { records, problem } = parseCsv(text);
  const columns = (records[0]?.fields ?? []).map((f) => f.trim());
  if (problem) return { ok: false, reason: `Line ${problem.line}: ${problem.reason}.`, columns };
  if (columns.length === 0) return { ok: false, reason: 'The file is empty: it needs a header line and a line per recipient.', columns };
  const recipientColumn = columns.find((c) => RECIPIENT_COLUMNS.includes(c.toLowerCase()));
  if (!recipientColumn) return { ok: false, reason: `The header has no phone, to or recipient column (it has ${columns.join(', ') || 'none'}).`, columns };
  if (records.length < 2) return { ok: false, reason: 'The file has a header but no recipients.', columns };
  return { ok: true, columns, recipientColumn, rows: records.length - 1 };
}

/** The variables of a template's body, each once, in order: `1`, `2` or `first_name`. */
export function bodyVariablesOf(template: Pick<Template, 'components'>): string[] {
  const body = template.components.find((c) => String(c.type).toUpperCase() === 'BODY');
  return [...new Set(templateVariables(typeof body?.text === 'string' ? body.text : ''))];
}

/**
 * A first guess at which column fills each variable: a column named like the variable (named
 * templates: `first_name`), else the next column in the file's order that is not the recipient's
 * and not taken. '' where nothing is left; the admin can change any of them.
 */
export function guessMapping(columns: readonly string[], recipientColumn: string, variables: readonly string[]): string[] {
  const free = columns.filter((c) => c !== recipientColumn);
  const taken = new Set<string>();
  const byName = variables.map((v) => free.find((c) => c.toLowerCase() === v.toLowerCase()) ?? null);
  for (const c of byName) if (c) taken.add(c);
  return byName.map((named) => {
    if (named) return named;
    const next = free.find((c) => !taken.has(c));
    if (!next) return '';
    taken.add(next);
    return next;
  });
}

/** A mapping the admin left incomplete: the variables with no column. */
export function unmappedVariables(variables: readonly string[], mapping: readonly string[]): string[] {
  return variables.filter((_, i) => !mapping[i]);
}

/** `{{1}}` or `{{first_name}}`, as the template writes it. */
export function variableLabel(variable: string): string {
  return `{{${variable}}}`;
}

/**
 * Templates a campaign can send, first; the others after, with why not: Meta has not approved
 * them, or they take a parameter a file cannot fill (an image header, a coupon code).
 */
export function campaignTemplateChoices(templates: readonly Template[]): { template: Template; usable: boolean; why: string | null }[] {
  return [...templates]
    .map((template) => {
      const notApproved = template.status === 'APPROVED' ? null : template.rejection ? `${template.status}: ${template.rejection.reason}` : template.status;
      const why = notApproved ?? fileCampaignRefusal(template.components);
      return { template, usable: why === null, why };
    })
    .sort(
      (a, b) => Number(b.usable) - Number(a.usable) || a.template.name.localeCompare(b.template.name) || a.template.language.localeCompare(b.template.language),
    );
}

/** The value a template option carries: its name and language. */
export function templateChoiceKey(t: Pick<Template, 'name' | 'language'>): string {
  return `${t.name}\u0000${t.language}`;
}
