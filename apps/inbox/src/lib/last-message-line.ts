import type { ConversationSummary } from '@sendbook/api-contract';
import { echoContent } from './echo-content';
import { excerpt, inboundContent, outboundContent } from './message-content';

/** A conversation row's second line: what was said last, and by whom when it was us. */
export function lastMessageLine(entry: ConversationSummary['last_message'], max = 90): string | null {
  if (!entry) return null;
  if (entry.direction === 'echo') return `You, from the phone: ${excerpt(echoContent(entry.echo), max)}`;
  if (entry.direction === 'inbound') {
    const reaction = entry.inbound.reaction;
    if (reaction) return reaction.removed || !reaction.emoji ? 'Removed a reaction' : `Reacted ${reaction.emoji}`;
    const said = inboundContent(entry.inbound);
    // "Photo: the box", not the caption alone: the list should say a picture came.
    return said.media && said.label && said.text ? excerpt({ ...said, text: `${said.label}: ${said.text}` }, max) : excerpt(said, max);
  }
  // A row must not read as if it arrived: say when ours did not go out.
  const who =
    entry.message.state === 'failed' ? 'Not delivered' : entry.message.state === 'held' ? 'Held' : entry.message.state === 'cancelled' ? 'Cancelled' : 'You';
  return `${who}: ${excerpt(outboundContent(entry.message), max)}`;
}
