import type { MessageEcho } from '@sendbook/api-contract';
import { outboundContent, type MessageContent } from './message-content';

/**
 * What a message sent from the WhatsApp Business app says. Meta echoes it in the shape of a send
 * (`type` and its object), so it reads like one of ours; its `text` when the shape is unknown.
 */
export function echoContent(echo: Pick<MessageEcho, 'type' | 'text' | 'raw'>): MessageContent {
  const said = outboundContent({ payload: { ...echo.raw, type: echo.type }, rendered: null });
  return said.raw && echo.text ? { ...said, text: echo.text, raw: null } : said;
}

/** The words beside an echo, and its accessible description: it did not go through Sendbook. */
export const FROM_THE_PHONE = 'Sent from the phone';
export const FROM_THE_PHONE_MEANING = 'Sent from the WhatsApp Business app on the phone, not from this inbox';
