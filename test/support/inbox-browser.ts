// Shared by the inbox's browser tests: a page that notices any request leaving this machine,
// full-page screenshots under .data/screenshots/inbox (git-ignored), an axe-core scan, sign-in.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export const SCREENSHOTS = path.resolve('.data/screenshots/inbox');
const AXE = path.resolve('node_modules/axe-core/axe.min.js');

export const ADMIN = { email: 'admin@sendbook.test', password: 'correct horse battery staple', name: 'Grace Hopper' } as const;

/** The API's environment for these tests: the bootstrap admin exists after boot. */
export const ADMIN_ENV = { BOOTSTRAP_ADMIN_EMAIL: ADMIN.email, BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password } as const;

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Whether a request stays on this machine (data: and blob: URLs never leave it). */
export function isLocal(url: string): boolean {
  const parsed = new URL(url);
  if (['data:', 'blob:', 'about:'].includes(parsed.protocol)) return true;
  return LOCAL_HOSTS.has(parsed.hostname);
}

export interface InboxPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Every request the page made outside localhost; a test ends by expecting none. */
  readonly outside: string[];
  close(): Promise<void>;
}

export async function openPage(browser: Browser, options: { colorScheme?: 'light' | 'dark'; width?: number; height?: number } = {}): Promise<InboxPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
    timezoneId: 'Asia/Jerusalem',
    locale: 'en-GB',
  });
  const page = await context.newPage();
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!isLocal(request.url())) outside.push(`${request.method()} ${request.url()}`);
  });
  watchHydration(page);
  return { page, context, outside, close: () => context.close() };
}

/** React's complaint that the browser drew something other than the server's HTML (418, 423, 425 when minified). */
const HYDRATION_ERROR = /hydrat|react\.dev\/errors\/(418|423|425)\b|Minified React error #(418|423|425)\b/i;
/** Chromium's report of something the Content-Security-Policy refused: a page that needs it is broken. */
const CSP_VIOLATION = /Content Security Policy/i;
const hydrationErrors = new WeakMap<Page, string[]>();

/** A page whose server and browser renders disagree flickers and loses state: collected, and `look` fails on it. */
function watchHydration(page: Page): void {
  const errors: string[] = [];
  hydrationErrors.set(page, errors);
  page.on('console', (message) => {
    if (message.type() === 'error' && (HYDRATION_ERROR.test(message.text()) || CSP_VIOLATION.test(message.text()))) errors.push(message.text().slice(0, 500));
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(error.message)) errors.push(error.message.slice(0, 500));
  });
}

/** Throws when the page reached outside this machine (for hooks, where expect is not allowed). */
export function assertLocalOnly(outside: readonly string[]): void {
  if (outside.length > 0) throw new Error(`the page made requests outside localhost:\n${outside.join('\n')}`);
}

/** A full-page screenshot, named after what it shows. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

let axeSource: string | undefined;

/** axe-core's serious and critical violations on the page as it is now, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the inbox's Content-Security-Policy (rightly) refuses a script without its nonce.
  await page.evaluate((axeSource ??= readFileSync(AXE, 'utf8')));
  // Runs in the page; typed without the DOM library, which the workspace's test config leaves out.
  const result = await page.evaluate(() => {
    const scope = globalThis as unknown as { document: unknown; axe: { run(context: unknown, options: object): Promise<AxeResult> } };
    return scope.axe.run(scope.document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}

/** Screenshot and scan: what every test does on every page it reaches. Throws on a serious problem. */
export async function look(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const mismatches = hydrationErrors.get(page) ?? [];
  if (mismatches.length > 0)
    throw new Error(`"${name}" hydrated with a different render than the server's, or broke its Content-Security-Policy:\n${mismatches.join('\n')}`);
  await titleSettled(page);
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new Error(`axe-core found serious accessibility problems on "${name}":\n${violations.join('\n')}`);
}

/**
 * After a client navigation Next streams the page's metadata: the <title> goes and comes back
 * while the new payload applies (CI once scanned that moment: "document-title"). The scan waits
 * for the same non-empty title twice 150 ms apart; a page that never gets one still fails it.
 */
async function titleSettled(page: Page): Promise<void> {
  const deadline = Date.now() + 5_000;
  let last = await page.title();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = await page.title();
    if (now !== '' && now === last) return;
    last = now;
  }
}

/**
 * A role=alert with words in it. Next.js puts an empty role=alert on every page (its route
 * announcer, in a shadow root), so a bare getByRole('alert') is never the page's own.
 */
export function alertSaying(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Signs in from the page it is on (the sign-in page) and waits to leave it; a refusal fails with its words. */
export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const refused = alertSaying(page, /\S/);
  const outcome = await Promise.race([
    page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 }).then(() => null),
    refused.waitFor({ timeout: 15_000 }).then(async () => (await refused.textContent()) ?? ''),
  ]);
  if (outcome !== null) throw new Error(`signing in as ${who.email} was refused: ${outcome}`);
}

/** The path and query of the page's URL. */
export function where(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** The text of the elements an element's aria-describedby names: its accessible description. */
export async function description(page: Page, locator: Locator): Promise<string> {
  const ids = ((await locator.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const parts = await Promise.all(ids.map(async (id) => ((await page.locator(`[id="${id}"]`).textContent()) ?? '').trim()));
  return parts.join(' ');
}
