import { conversationOf } from '../support/agent-inbox.js';
import { assertLocalOnly, openPage, signIn, type InboxPage } from '../support/inbox-browser.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.mjs';
import { startPrivateStandby, type PrivateStandby } from '../support/private-standby.mjs';
import { createStaff, type StaffLogin } from '../support/staff.js';

/**
 * The inbox on an API reading from a streaming standby (DATABASE_READ_URL) whose replay is paused:
 * an agent's reply is in their own thread at once, and after a reload too, while a colleague's
 * inbox, read from the lagging replica, shows it once the replica has replayed it.
 */
describe('the inbox on a lagging read replica', () => {
  let primary: PrivatePostgres;
  let standby: PrivateStandby;
  let stack: InboxStack;
  let colleague: InboxPage;
  let reader: StaffLogin;

  beforeAll(async () => {
    primary = await startPrivatePostgres();
    standby = await startPrivateStandby(primary.url);
    stack = await startInboxStack({
      sendbook: { app: { databaseServerUrl: primary.url, readServerUrl: standby.url } },
      signInAs: async (sb) => {
        reader = await createStaff(sb, 'agent', 'Noor Haddad');
        return createStaff(sb, 'agent', 'Rosa Díaz');
      },
    });
    colleague = await openPage(stack.browser);
    await colleague.page.goto(`${stack.inbox.url}/login`);
    await signIn(colleague.page, reader);
  }, 180_000);
  afterAll(async () => {
    await standby?.resumeReplay().catch(() => undefined);
    await colleague?.close();
    await stack?.close();
    await standby?.remove();
    await primary?.stop();
  });
  afterEach(() => {
    assertLocalOnly(stack.tab.outside);
    assertLocalOnly(colleague.outside);
  });

  it("an agent's reply shows in their own thread at once, also after a reload, while the replica lags by seconds", async () => {
    const { sb, inbox, tab } = stack;
    const customer = sb.sim.customer('972502229911', { name: 'Dana Levi' });
    customer.sendText('Is the blue jacket back in stock?');
    const id = await conversationOf(sb, customer.waId);
    await standby.caughtUp();

    const open = async (page: InboxPage['page']) => {
      await page.goto(`${inbox.url}/conversations/${id}`);
      const log = page.getByRole('log', { name: 'Messages' });
      await log.getByRole('article').filter({ hasText: 'blue jacket' }).waitFor();
      return log;
    };
    const writerLog = await open(tab.page);
    const colleagueLog = await open(colleague.page);

    await standby.pauseReplay();
    const text = 'Yes, back since this morning in every size.';
    const box = tab.page.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill(text);
    await box.press('Enter');
    await writerLog.getByRole('article').filter({ hasText: text }).waitFor({ timeout: 10_000 });
    // A fresh page load reads the thread again: from the primary, since the replica has not replayed the reply.
    const reloaded = await open(tab.page);
    await reloaded.getByRole('article').filter({ hasText: text }).waitFor({ timeout: 10_000 });

    // The colleague's inbox reads the replica, which has not replayed the reply yet.
    await open(colleague.page);
    await expect(colleagueLog.getByRole('article').filter({ hasText: text }).count()).resolves.toBe(0);

    await standby.resumeReplay();
    await standby.caughtUp();
    const caughtUp = await open(colleague.page);
    await caughtUp.getByRole('article').filter({ hasText: text }).waitFor({ timeout: 10_000 });
  }, 120_000);
});
