import { isObject, nonEmptyString, optionalString, Problems, type PayloadProblem } from './payload-checks.js';

// A contacts message carries 1 to 257 contact cards; each needs `name.formatted_name`, the line
// WhatsApp shows beside the profile arrow (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/contacts-messages).
const MAX_CONTACTS = 257;
const LISTS: Record<string, string> = { phones: 'phone', emails: 'email', urls: 'url', addresses: 'street' };

export function validateContacts(contacts: unknown, at: string): PayloadProblem[] {
  if (!Array.isArray(contacts) || contacts.length < 1 || contacts.length > MAX_CONTACTS) {
    return [{ field: at, message: `must be an array of 1 to ${MAX_CONTACTS} contacts` }];
  }
  const problems = new Problems();
  contacts.forEach((contact: unknown, i) => {
    const here = `${at}[${i}]`;
    if (!isObject(contact)) return problems.add(here, 'must be an object');
    const name = isObject(contact.name) ? contact.name : null;
    problems.add(`${here}.name.formatted_name`, name ? nonEmptyString(name.formatted_name, 1024) : 'is required (the name WhatsApp shows)');
    if (contact.birthday !== undefined && (typeof contact.birthday !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(contact.birthday))) {
      problems.add(`${here}.birthday`, 'must be a date as YYYY-MM-DD');
    }
    for (const [key, main] of Object.entries(LISTS)) {
      const entries = contact[key];
      if (entries === undefined) continue;
      if (!Array.isArray(entries)) {
        problems.add(`${here}.${key}`, 'must be an array');
        continue;
      }
      entries.forEach((entry: unknown, j) => {
        if (!isObject(entry)) return problems.add(`${here}.${key}[${j}]`, 'must be an object');
        // Addresses may leave out the street; the others are nothing without their value.
        if (key !== 'addresses') problems.add(`${here}.${key}[${j}].${main}`, nonEmptyString(entry[main], 1024));
        if (key === 'phones') problems.add(`${here}.${key}[${j}].wa_id`, optionalString(entry.wa_id, 32));
      });
    }
    if (contact.org !== undefined && !isObject(contact.org)) problems.add(`${here}.org`, 'must be an object');
  });
  return problems.list;
}
