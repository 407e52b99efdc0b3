import type { Page } from 'playwright-core';
import request from 'supertest';
import { inbound } from '../conversations/conversation-support.js';
import { conversationOf } from '../support/agent-inbox.js';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, openPage, signIn, type InboxPage } from '../support/inbox-browser.js';
import type { Sendbook } from '../support/sendbook.js';
import { createStaff, type StaffLogin } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

/** What the page wrote down each time it called play() on the chime (features/notifications/chime.ts). */
interface SoundPlay {
  src: string;
  conversation_id: string | null;
  inbound_id: string | null;
  at: string;
  outcome: 'pending' | 'played' | 'blocked';
}

/** Each browser notification the page made, as the spy below saw it. */
interface Shown {
  title: string;
  body: string;
  tag: string;
}

/**
 * The test's own spy on the browser's Notification API (the page under test is not changed),
 * before any page script runs. Each notification is made for real and written down, its instance
 * kept so the test can click it as a person would. `requestPermission` is counted and then waits
 * for the browser's answer, as a person's click in the browser's prompt would give it (headless
 * Chromium has no prompt, and would answer "denied" at once): the test gives that answer with
 * `grantPermissions`.
 */
const NOTIFICATION_SPY = `(() => {
  const Real = window.Notification;
  if (!Real) return;
  window.shownNotifications = [];
  window.spiedNotifications = [];
  window.permissionRequests = 0;
  class Spied extends Real {
    constructor(title, options = {}) {
      super(title, options);
      window.shownNotifications.push({ title, body: options.body ?? '', tag: options.tag ?? '' });
      window.spiedNotifications.push(this);
    }
    static requestPermission() {
      window.permissionRequests += 1;
      return new Promise((resolve) => {
        const answered = setInterval(() => {
          if (Real.permission === 'default') return;
          clearInterval(answered);
          resolve(Real.permission);
        }, 50);
      });
    }
  }
  window.Notification = Spied;
})();`;

const TITLE = 'Conversations · Sendbook';

/**
 * Notifications in Chromium on the real stack: three agents have the inbox open, each in their own
 * browser. Ana allows browser notifications at /settings/profile, Chen turns the sound off there,
 * Ben works with the defaults. A customer writing in an unassigned conversation puts `(1) ` in
 * front of every tab title, rings for Ana and Ben (recorded by the page when it called play()),
 * shows Ana a browser notification that opens the thread, and stays silent for Chen. Ben's reply
 * rings for nobody, and the customer's answer to it rings for Ana, not for Ben, who is looking at
 * that thread.
 */
describe('notifications: the tab title, the chime and browser notifications', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let ana: InboxPage;
  let ben: InboxPage;
  let chen: InboxPage;
  let anaLogin: StaffLogin;
  let danaConversation: string;

  beforeAll(async () => {
    stack = await startInboxStack({
      signInAs: async (api) => {
        anaLogin = await createStaff(api, 'agent', 'Ana Alves');
        return anaLogin;
      },
    });
    ({ sb, inbox, tab: ana } = stack);
    const signedIn = async (name: string) => {
      const tab = await openPage(stack.browser);
      await tab.page.goto(`${inbox.url}/login`);
      await signIn(tab.page, await createStaff(sb, 'agent', name));
      return tab;
    };
    ben = await signedIn('Ben Brook');
    chen = await signedIn('Chen Wu');
  }, 120_000);
  afterAll(async () => {
    await ben?.close();
    await chen?.close();
    await stack?.close();
  });
  afterEach(() => {
    for (const tab of [ana, ben, chen]) if (tab) assertLocalOnly(tab.outside);
  });

  /** A value the page keeps on `window`, copied out. */
  const globalOf = <T>(page: Page, name: string, otherwise: T) =>
    page.evaluate(({ key, fallback }) => JSON.parse(JSON.stringify((globalThis as unknown as Record<string, unknown>)[key] ?? fallback)) as T, {
      key: name,
      fallback: otherwise,
    });
  const sounds = (page: Page) => globalOf<SoundPlay[]>(page, '__sendbookSounds', []);
  const shown = (page: Page) => globalOf<Shown[]>(page, 'shownNotifications', []);
  /** What `GET /v1/auth/me` answers the page's own session. */
  const settingsOf = async (page: Page) => ((await page.evaluate(async () => (await fetch('/v1/auth/me')).json())) as { notifications: unknown }).notifications;
  const titleIs = (page: Page, title: string) =>
    page.waitForFunction((wanted) => (globalThis as unknown as { document: { title: string } }).document.title === wanted, title);
  /** Client-side, as a person clicks: the page (and what it recorded) stays. */
  const toConversations = async (page: Page) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Conversations' }).click();
    await page.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();
  };
  const profileLink = (page: Page) => page.getByRole('link', { name: /Your profile and notifications/ });

  it('/settings/profile: who you are, and the settings, saved for you; at least one view', async () => {
    const { page } = chen;
    await page.goto(`${inbox.url}/conversations`);
    await profileLink(page).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/profile');
    await page.getByText('Chen Wu', { exact: true }).first().waitFor();
    const sound = page.getByRole('checkbox', { name: /Play a sound/ });
    await expect(sound.isChecked()).resolves.toBe(true);
    await expect(page.getByRole('checkbox', { name: /Show browser notifications/ }).isChecked()).resolves.toBe(false);
    await expect(page.getByRole('checkbox', { name: /Assigned to me/ }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('checkbox', { name: /Unassigned/ }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('checkbox', { name: /All conversations/ }).isChecked()).resolves.toBe(false);
    await look(page, 'profile');

    // No view at all is refused before anything is sent.
    await page.getByRole('checkbox', { name: /Assigned to me/ }).uncheck();
    await page.getByRole('checkbox', { name: /Unassigned/ }).uncheck();
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose at least one kind of conversation.' }).waitFor();
    await look(page, 'profile-no-view');
    await page.getByRole('checkbox', { name: /Assigned to me/ }).check();
    await page.getByRole('checkbox', { name: /Unassigned/ }).check();

    await sound.uncheck();
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await page.getByText('Notification settings saved').first().waitFor();
    expect(await settingsOf(page)).toEqual({ sound: false, browser: false, views: ['mine', 'unassigned'] });
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Play a sound/ }).isChecked()).resolves.toBe(false);
    await toConversations(page);
  });

  it('Allow browser notifications asks the browser on a click, and turns them on', async () => {
    const { page, context } = ana;
    await context.addInitScript(NOTIFICATION_SPY);
    await page.goto(`${inbox.url}/settings/profile`);
    const allow = page.getByRole('button', { name: 'Allow browser notifications' });
    await allow.waitFor();
    await page.getByText('Not allowed yet in this browser.').waitFor();
    const requests = () => globalOf<number>(page, 'permissionRequests', 0);
    // The page asks only when the person clicks.
    expect(await requests()).toBe(0);
    await allow.click();
    await waitFor(async () => (await requests()) === 1, { what: 'the page asking the browser' });
    // The person says yes in the browser's prompt.
    await context.grantPermissions(['notifications'], { origin: inbox.url });
    await page.getByText('Allowed in this browser.').waitFor();
    await page.getByText('Notification settings saved').first().waitFor();
    await expect(page.getByRole('checkbox', { name: /Show browser notifications/ }).isChecked()).resolves.toBe(true);
    await expect(allow.count()).resolves.toBe(0);
    expect(await settingsOf(page)).toEqual({
      sound: true,
      browser: true,
      views: ['mine', 'unassigned'],
    });
    await look(page, 'profile-allowed');
    await toConversations(page);
  });

  it('a customer writes in an unassigned conversation: (1) in every title, a chime for Ana and Ben, a browser notification for Ana, silence for Chen', async () => {
    await ben.page.goto(`${inbox.url}/conversations`);
    // A person has clicked in the page (browsers let sound play after that).
    await ben.page.getByRole('heading', { name: 'Conversations', level: 1 }).click();
    for (const tab of [ana, ben, chen]) await titleIs(tab.page, TITLE);

    const dana = sb.sim.customer('972504440001', { name: 'Dana Levi' });
    const first = await inbound(sb, dana.sendText('Is my order on its way?'));
    danaConversation = await conversationOf(sb, dana.waId);

    for (const tab of [ana, ben, chen]) await titleIs(tab.page, `(1) ${TITLE}`);
    for (const tab of [ana, ben])
      await waitFor(async () => (await sounds(tab.page)).some((s) => s.inbound_id === first.id && s.outcome === 'played'), { what: 'the chime played' });
    expect(await sounds(ana.page)).toEqual([
      { src: '/sounds/new-message.wav', conversation_id: danaConversation, inbound_id: first.id, at: expect.any(String), outcome: 'played' },
    ]);
    // Chen's tab heard the same event (its title counts it) and did not ring: the sound is off.
    expect(await sounds(chen.page)).toEqual([]);
    await waitFor(async () => (await shown(ana.page)).length === 1, { what: 'a browser notification for Ana' });
    expect(await shown(ana.page)).toEqual([{ title: 'Dana Levi', body: 'Is my order on its way?', tag: danaConversation }]);
    await look(ana.page, 'notifications-unread-title');

    // Clicking the notification brings the tab forward on the thread.
    await ana.page.evaluate(() => {
      const instances = (globalThis as unknown as { spiedNotifications: { onclick: ((event: unknown) => void) | null }[] }).spiedNotifications;
      instances[0]!.onclick?.({});
    });
    await ana.page.waitForURL(`${inbox.url}/conversations/${danaConversation}`);
    await ana.page.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: 'Is my order on its way?' }).waitFor();
    // Seen: the count leaves every title (Ana's is the thread's now).
    await titleIs(ana.page, 'Dana Levi · Sendbook');
    for (const tab of [ben, chen]) await titleIs(tab.page, TITLE);
    await toConversations(ana.page);
  });

  it('Ben’s reply rings for nobody; the customer’s answer rings for Ana, not for Ben, who is looking at the thread', async () => {
    const { page } = ben;
    await page
      .getByRole('link', { name: /Dana Levi/ })
      .first()
      .click();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.waitFor();
    const before = { ana: await sounds(ana.page), ben: await sounds(page), chen: await sounds(chen.page) };
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill('It left the warehouse this morning.');
    await box.press('Enter');
    await log.getByRole('article').filter({ hasText: 'It left the warehouse this morning.' }).waitFor();

    const dana = sb.sim.customer('972504440001', { name: 'Dana Levi' });
    const answer = await inbound(sb, dana.sendText('Great, thanks!'));
    await log.getByRole('article').filter({ hasText: 'Great, thanks!' }).waitFor();
    await waitFor(async () => (await sounds(ana.page)).some((s) => s.inbound_id === answer.id && s.outcome === 'played'), { what: 'the chime for Ana' });
    // Ben's page heard both events in order (the thread shows the answer): neither rang.
    expect(await sounds(page)).toEqual(before.ben);
    expect(await sounds(ana.page)).toEqual([...before.ana, expect.objectContaining({ conversation_id: danaConversation, inbound_id: answer.id })]);
    expect(await sounds(chen.page)).toEqual(before.chen);
    await look(page, 'notifications-thread-open');
  });

  it('a thread automatic assignment hands to Ana shows her "Assigned to you", though it arrived unassigned', async () => {
    // A team that assigns by itself, Ana its only member (her inbox tab is open: she is online).
    await request(sb.url)
      .post('/v1/teams')
      .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
      .send({ name: 'Returns', member_ids: [anaLogin.id], phone_number_ids: [TEST_SECRETS.phoneNumberId], assignment: { mode: 'balanced', max_open: 5 } })
      .expect(201);
    const eve = sb.sim.customer('972504440002', { name: 'Eve Adams' });
    await inbound(sb, eve.sendText('Hello, I need help with a return'));
    const eveConversation = await conversationOf(sb, eve.waId);
    await waitFor(async () => (await shown(ana.page)).some((n) => n.tag === eveConversation && n.body === 'Assigned to you'), {
      what: 'Ana told the thread is hers',
    });
    expect((await shown(ana.page)).filter((n) => n.body === 'Assigned to you')).toEqual([
      { title: 'Eve Adams', body: 'Assigned to you', tag: eveConversation },
    ]);
    // Nobody else was handed anything.
    for (const tab of [ben, chen]) expect((await shown(tab.page)).filter((n) => n.body === 'Assigned to you')).toEqual([]);
  });
});
