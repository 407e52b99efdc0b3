import type { Simulator } from '@sendbook/simulator';
import { CUSTOMER_SERVICE_WINDOW_MS } from '@sendbook/whatsapp';

interface OpenConversation {
  phone_number_id: string;
  contact: { wa_id: string | null };
  window_open_until: string | null;
}

/**
 * `npm start` starts a new, empty simulator against a database that may remember yesterday's
 * threads. Meta would still know who wrote in the last 24 h; without this the simulator answers
 * 131047 to a reply the inbox rightly offers as free text. Tells it every window the API has open.
 * Returns how many it told.
 */
export async function restoreSimulatorWindows({ apiUrl, apiKey, sim }: { apiUrl: string; apiKey: string; sim: Simulator }): Promise<number> {
  let restored = 0;
  let cursor: string | null = null;
  do {
    const query: string = `/v1/conversations?window=open&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await fetch(`${apiUrl}${query}`, { headers: { authorization: `Bearer ${apiKey}` } });
    if (!res.ok) throw new Error(`GET ${query} answered ${res.status}: ${await res.text()}`);
    const page = (await res.json()) as { data: OpenConversation[]; next_cursor: string | null };
    for (const c of page.data) {
      if (!c.contact.wa_id || !c.window_open_until) continue;
      sim.rememberInbound(c.phone_number_id, c.contact.wa_id, Date.parse(c.window_open_until) - CUSTOMER_SERVICE_WINDOW_MS);
      restored += 1;
    }
    cursor = page.next_cursor;
  } while (cursor);
  return restored;
}
