import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { openPage, signIn, type InboxPage } from './inbox-browser.js';
import { startInbox, type InboxServer } from './inbox-server.js';
import { startSendbook, type Sendbook } from './sendbook.js';

/** What every inbox browser test stands on: the real API, the built inbox, Chromium, one signed-in tab. */
export interface InboxStack {
  readonly sb: Sendbook;
  readonly inbox: InboxServer;
  readonly browser: Browser;
  readonly tab: InboxPage;
  close(): Promise<void>;
}

/**
 * Boots Sendbook (with `sendbook` options), serves the inbox against it, opens a Chromium tab and
 * signs in as whoever `signInAs` names once the API is up (e.g. staff it creates).
 */
export async function startInboxStack(options: {
  sendbook?: Parameters<typeof startSendbook>[0];
  signInAs: (sb: Sendbook) => Promise<{ email: string; password: string }>;
}): Promise<InboxStack> {
  const sb = await startSendbook(options.sendbook);
  let inbox: InboxServer | undefined;
  let browser: Browser | undefined;
  let tab: Awaited<ReturnType<typeof openPage>>;
  try {
    const who = await options.signInAs(sb);
    inbox = await startInbox(sb.url);
    browser = await launchBrowser();
    tab = await openPage(browser);
    await tab.page.goto(`${inbox.url}/login`);
    await signIn(tab.page, who);
  } catch (error) {
    // A stack that could not finish starting (no Chromium, say) leaves no server behind.
    await browser?.close().catch(() => undefined);
    await inbox?.close();
    await sb.close();
    throw error;
  }
  return {
    sb,
    inbox,
    browser,
    tab,
    close: async () => {
      await tab.close();
      await browser.close();
      await inbox.close();
      await sb.close();
    },
  };
}
