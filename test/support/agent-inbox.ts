// For the agents' inbox browser tests: find a customer's thread, read what reached their phone, and
// record every state word an outbound article shows (to prove a tick never stepped back on screen).
import type { Locator, Page } from 'playwright-core';
import { envelope, postWebhook, statusItem } from '../webhooks/webhook-support.js';
import type { Sendbook } from './sendbook.js';
import { waitFor } from './wait-for.js';

/** The conversation id of the thread with `waId` (waits for it to exist). */
export async function conversationOf(sb: Sendbook, waId: string): Promise<string> {
  let id: string | undefined;
  await waitFor(
    async () => {
      const list = (await sb.api().get(`/v1/conversations?state=open&q=${waId}`).expect(200)).body.data as { id: string; contact: { wa_id: string | null } }[];
      id = list.find((c) => c.contact.wa_id === waId)?.id;
      return id !== undefined;
    },
    { what: `the conversation with ${waId}` },
  );
  return id!;
}

/** Messages that reached `waId`'s phone whose body mentions `text` (the simulator's ledger: ground truth). */
export function received(sb: Sendbook, waId: string, text: string): number {
  return sb.sim.ledger({ to: waId }).filter((entry) => JSON.stringify(entry.body).includes(text)).length;
}

/** Every API message to `waId` whose payload mentions `text`. */
export async function enqueued(sb: Sendbook, waId: string, text: string): Promise<number> {
  const rows = await sb.dataSource.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE to_wa_id = $1 AND payload::text LIKE $2`, [waId, `%${text}%`]);
  return rows[0].n as number;
}

/** A status webhook for one message, signed as Meta signs it. */
export async function postStatus(
  sb: Sendbook,
  wamid: string,
  status: 'sent' | 'delivered' | 'read',
  recipientId: string,
  timestamp = Math.floor(Date.now() / 1000),
): Promise<void> {
  const response = await postWebhook(sb.url, envelope({ statuses: [statusItem({ wamid, status, timestamp, recipientId })] }));
  if (response.status !== 200) throw new Error(`status webhook answered ${response.status}`);
}

/**
 * Starts recording the state words the article with `text` shows, every change, in the page itself
 * (a MutationObserver), so a flicker between two polls is caught too. Returns a reader.
 */
export async function recordStates(page: Page, log: Locator, text: string): Promise<() => Promise<string[]>> {
  const slot = `states-${Math.random().toString(36).slice(2)}`;
  await log.evaluate(
    (element, { wanted, key }) => {
      const scope = globalThis as unknown as Record<string, string[]> & {
        MutationObserver: new (cb: () => void) => { observe(node: unknown, options: object): void };
      };
      const seen: string[] = [];
      scope[key] = seen;
      const read = () => {
        const root = element as unknown as {
          querySelectorAll(s: string): ArrayLike<{ textContent: string | null; getAttribute(n: string): string | null }>;
        } & { ownerDocument: { getElementById(id: string): { textContent: string | null } | null } };
        for (const article of Array.from(root.querySelectorAll('article'))) {
          if (!(article.textContent ?? '').includes(wanted)) continue;
          const id = article.getAttribute('aria-describedby');
          const word = id ? root.ownerDocument.getElementById(id)?.textContent?.trim() : undefined;
          if (word && seen[seen.length - 1] !== word) seen.push(word);
        }
      };
      read();
      new scope.MutationObserver(read).observe(element, { subtree: true, childList: true, characterData: true });
    },
    { wanted: text, key: slot },
  );
  return () => page.evaluate((key) => [...((globalThis as unknown as Record<string, string[]>)[key] ?? [])], slot);
}
