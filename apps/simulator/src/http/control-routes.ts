import type { IncomingMessage, ServerResponse } from 'node:http';
import { asNumber, asRecord, asString, type JsonRecord } from '../core/guards.js';
import type { Customer } from '../customers/customer.js';
import type { InboundMediaExtras } from '../customers/inbound-messages.js';
import type { SimContext } from '../sim-context.js';
import type { Simulator } from '../simulator-api.js';
import { acceptedJson, deliveryJson, inboundJson, ledgerEntryJson, readReceiptJson, rejectionJson } from './control-json.js';
import { ControlInputError, parseChaos, parseCustomerOptions, parsePatch, parseScript } from './control-input.js';
import { parseJson, readBody, sendJson } from './http-io.js';

/**
 * `/_sim/*`: the simulator's own API for tests and the demo (not part of Graph). JSON is snake_case.
 */
export async function handleControl(sim: Simulator, ctx: SimContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname.replace(/\/+$/, '');
  let body: JsonRecord = {};
  if (method === 'POST') {
    const parsed = parseJson(await readBody(req));
    if (!parsed.ok) return sendJson(res, 400, { error: 'invalid_json' });
    body = asRecord(parsed.value) ?? {};
  }
  try {
    const handled = await route(sim, ctx, method, path, body, url, res);
    if (!handled) sendJson(res, 404, { error: 'not_found', path });
  } catch (error) {
    if (error instanceof ControlInputError) return sendJson(res, 400, { error: 'invalid_input', message: error.message });
    throw error;
  }
}

async function route(sim: Simulator, ctx: SimContext, method: string, path: string, body: JsonRecord, url: URL, res: ServerResponse): Promise<boolean> {
  const ok = (value: unknown, status = 200): true => {
    sendJson(res, status, value);
    return true;
  };
  const key = `${method} ${path}`;
  switch (key) {
    case 'GET /_sim/health':
      return ok({
        ok: true,
        url: sim.url,
        now: sim.clock.now(),
        webhook_url: sim.config().webhookUrl ?? null,
        phone_numbers: sim.config().phoneNumbers.map((p) => ({ id: p.id, display_phone_number: p.displayPhoneNumber, waba_id: p.wabaId, mps: p.mps })),
        pending_work: ctx.scheduler.pending,
      });
    case 'GET /_sim/ledger': {
      const to = url.searchParams.get('to');
      const callback = url.searchParams.get('biz_opaque_callback_data');
      const messages = sim.ledger({ ...(to ? { to } : {}), ...(callback ? { bizOpaqueCallbackData: callback } : {}) });
      return ok({
        messages: messages.map(ledgerEntryJson),
        count: messages.length,
        by_recipient: sim.ledgerCountByRecipient(),
        by_callback_data: sim.ledgerCountByCallbackData(),
        duplicated_callback_data: sim.duplicatedCallbackData(),
      });
    }
    case 'GET /_sim/accepted':
      return ok({ messages: sim.acceptedMessages().map(acceptedJson) });
    case 'GET /_sim/rejections':
      return ok({ rejections: sim.rejections().map(rejectionJson) });
    case 'GET /_sim/webhooks':
      return ok({ deliveries: sim.webhookDeliveries().map(deliveryJson) });
    case 'GET /_sim/inbound':
      return ok({ messages: sim.inboundMessages().map(inboundJson) });
    case 'GET /_sim/read-receipts':
      return ok({ read_receipts: sim.readReceipts().map(readReceiptJson) });
    case 'GET /_sim/typing-indicators':
      return ok({ typing_indicators: sim.typingIndicators().map(readReceiptJson) });
    case 'GET /_sim/requests':
      return ok({ count: sim.requests() });
    case 'GET /_sim/chaos':
      return ok(sim.config().chaos);
    case 'POST /_sim/chaos':
      sim.setChaos(parseChaos(body));
      return ok({ chaos: sim.config().chaos });
    case 'POST /_sim/script': {
      const { count, action } = parseScript(body);
      sim.scriptNext(count, action);
      return ok({ scripted: ctx.state.script.pending() });
    }
    case 'POST /_sim/config':
      sim.configure(parsePatch(body));
      return ok({ webhook_url: sim.config().webhookUrl ?? null });
    case 'GET /_sim/clock':
      return ok({ now: sim.clock.now(), frozen: sim.clock.frozen });
    case 'POST /_sim/clock':
      return ok(moveClock(sim, body));
    case 'POST /_sim/reset':
      sim.reset();
      return ok({ reset: true });
    case 'POST /_sim/idle':
    case 'POST /_sim/flush': {
      const timeoutMs = asNumber(body.timeout_ms) ?? 10_000;
      const done = path.endsWith('flush') ? sim.flushWebhooks() : sim.idle();
      return ok({ idle: await settlesWithin(done, timeoutMs) });
    }
    case 'GET /_sim/customers':
      return ok({ customers: sim.customers().map(customerJson) });
  }

  const echoPath = /^\/_sim\/customers\/\+?(\d+)\/business-app-messages$/.exec(path);
  if (method === 'POST' && echoPath?.[1]) {
    const text = asString(body.text);
    if (!text) throw new ControlInputError('text is required: what the business wrote from the WhatsApp Business app');
    return ok({ wamid: sim.customer(echoPath[1]).textFromBusinessApp(text, { phoneNumberId: asString(body.phone_number_id) }) }, 201);
  }
  const customerPath = /^\/_sim\/customers\/\+?(\d+)(\/messages)?$/.exec(path);
  if (method === 'POST' && customerPath?.[1]) {
    const customer = sim.customer(customerPath[1], parseCustomerOptions(body));
    if (!customerPath[2]) return ok(customerJson(customer));
    return ok({ wamid: customerMessage(ctx, customer, body) }, 201);
  }
  return false;
}

function moveClock(sim: Simulator, body: JsonRecord): Record<string, unknown> {
  if (body.freeze === true) sim.clock.freeze();
  if (body.freeze === false) sim.clock.unfreeze();
  const setMs = asNumber(body.set_ms ?? body.setMs);
  if (setMs !== undefined) sim.clock.set(setMs);
  const advanceMs = asNumber(body.advance_ms ?? body.advanceMs);
  if (advanceMs !== undefined) sim.clock.advance(advanceMs);
  return { now: sim.clock.now(), frozen: sim.clock.frozen };
}

function customerJson(c: Customer): Record<string, unknown> {
  return {
    wa_id: c.waId,
    user_id: c.userId,
    username: c.username,
    name: c.name,
    fail_with: c.failWith,
    read_receipts: c.readReceipts,
    auto_reply: c.autoReply,
  };
}

/** Makes customer X send something: text, a button/list/quick reply to message W, a reaction, media, or a smart `reply`. */
function customerMessage(ctx: SimContext, customer: Customer, body: JsonRecord): string {
  const toWamid = asString(body.to_wamid ?? body.context_wamid ?? body.toWamid ?? body.contextWamid);
  const text = asString(body.text);
  const type = asString(body.type) ?? (body.choice !== undefined ? 'reply' : 'text');
  const needWamid = (): string => {
    if (!toWamid) throw new ControlInputError(`to_wamid is required for type "${type}"`);
    return toWamid;
  };
  const choiceOf = (kind: 'button' | 'list_row' | 'quick_reply', id: string | undefined, title: string | undefined) => {
    const choices = ctx.state.ledger.get(needWamid())?.choices.filter((c) => c.kind === kind) ?? [];
    const found = choices.find((c) => c.id === id || c.title === title);
    if (!found && (id === undefined || title === undefined)) throw new ControlInputError(`no ${kind} matching ${id ?? title} in ${toWamid}`);
    return { id: found?.id ?? id ?? '', title: found?.title ?? title ?? '', description: found?.description };
  };

  switch (type) {
    case 'text':
      if (text === undefined) throw new ControlInputError('text is required');
      return customer.sendText(text, toWamid ? { contextWamid: toWamid } : {});
    case 'reply':
      return customer.reply(needWamid(), asString(body.choice) ?? text ?? 'yes');
    case 'button_reply': {
      const choice = choiceOf('button', asString(body.button_id ?? body.id), asString(body.title));
      return customer.replyButton(needWamid(), choice.id, choice.title);
    }
    case 'list_reply': {
      const choice = choiceOf('list_row', asString(body.row_id ?? body.id), asString(body.title));
      return customer.replyList(needWamid(), choice.id, choice.title, asString(body.description) ?? choice.description);
    }
    case 'quick_reply': {
      const choice = choiceOf('quick_reply', asString(body.payload), text ?? asString(body.title));
      return customer.tapQuickReply(needWamid(), choice.id, choice.title);
    }
    case 'reaction':
      return customer.react(needWamid(), asString(body.emoji) ?? '👍');
    case 'image':
    case 'document':
    case 'audio':
    case 'video':
    case 'sticker': {
      const extras: InboundMediaExtras = {};
      const caption = asString(body.caption);
      const filename = asString(body.filename);
      if (caption !== undefined) extras.caption = caption;
      if (filename !== undefined) extras.filename = filename;
      if (typeof body.voice === 'boolean') extras.voice = body.voice;
      if (typeof body.animated === 'boolean') extras.animated = body.animated;
      return customer.sendMedia(type, extras);
    }
    default:
      throw new ControlInputError('type must be one of text, reply, button_reply, list_reply, quick_reply, reaction, image, document, audio, video, sticker');
  }
}

function settlesWithin(promise: Promise<void>, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
