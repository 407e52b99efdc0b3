import type { ThreadItem } from './thread';

/**
 * What a jump in the thread looks for, as one string: a quoted message by its wamid, an outbound
 * one by `id:<message id>` (a quote of ours not yet sent), or any entry by `message:<id>` (a link
 * such as a search result's `?message=`, which does not say whether it is the customer's, ours or a
 * note).
 */
export const linkedMessage = (id: string): string => `message:${id}`;

export function isWanted(item: ThreadItem, wanted: string): boolean {
  if (wanted.startsWith('message:')) {
    const id = wanted.slice('message:'.length);
    return (
      (item.kind === 'inbound' && item.inbound.id === id) ||
      (item.kind === 'outbound' && item.message.id === id) ||
      (item.kind === 'note' && item.note.id === id)
    );
  }
  return (
    (item.kind === 'inbound' && item.inbound.wamid === wanted) ||
    (item.kind === 'outbound' && (item.message.wamid === wanted || `id:${item.message.id}` === wanted))
  );
}
