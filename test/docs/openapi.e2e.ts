import { signBody } from '@sendbook/whatsapp';
import { AlertsService } from '../../apps/api/src/modules/alerts/alerts.service.js';
import { operationsOf } from '../../apps/api/src/contract/embed-examples.js';
import { CONTRACT_FILES, readExamples } from '../../apps/api/src/contract/generate-contract.js';
import type { OpenApiDocument } from '../../apps/api/src/contract/openapi-types.js';
import { inbound } from '../conversations/conversation-support.js';
import { messageRequest, startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { allProcessed, envelope, postWebhook, statusItem } from '../webhooks/webhook-support.js';
import { Recorder } from './recorder.js';
import { registeredRoutes } from './routes.js';
import { pdfBytes, pngBytes } from '../support/media-files.js';
import { SchemaValidator } from './schema-validator.js';

/** `npm run docs:examples` sets this: the run rewrites the committed examples instead of comparing. */
const MODE = process.env.SENDBOOK_DOCS_EXAMPLES === 'write' ? 'write' : 'check';

describe('OpenAPI document at /openapi.json and /docs', () => {
  let sb: Sendbook;
  let doc: OpenApiDocument;
  let rec: Recorder;

  beforeAll(async () => {
    // Event endpoints on a closed local port: registered without DNS, refused fast if delivered to.
    sb = await startSendbook({
      sim: { templateReviewMs: 100 },
      app: {
        env: { EVENT_ENDPOINTS_ALLOW_PRIVATE: 'true', PRICING_RATES: '{"currency":"USD","rates":{"marketing":{"default":0.025},"utility":{"default":0.004}}}' },
      },
    });
    const res = await fetch(`${sb.url}/openapi.json`);
    doc = (await res.json()) as OpenApiDocument;
    rec = new Recorder(sb.url, doc, TEST_SECRETS.apiKey, readExamples(), MODE);
  });
  afterAll(async () => {
    if (MODE === 'write' && rec) await rec.writeExamples(CONTRACT_FILES.examples);
    await sb?.close();
  });

  it('documents exactly the routes the running app serves', () => {
    const served = registeredRoutes(sb);
    const documented = [...operationsOf(doc).values()].map((o) => `${o.method.toUpperCase()} ${o.path}`).sort();
    const undocumented = served.filter((r) => !documented.includes(r));
    const missing = documented.filter((r) => !served.includes(r));
    expect({ undocumented, missing }).toEqual({ undocumented: [], missing: [] });
    expect(served).toContain('POST /webhooks/whatsapp');
  });

  it('is valid: every schema compiles (strict), every operation names its security', () => {
    new SchemaValidator(doc).compileAll();
    expect(doc.openapi).toBe('3.1.0');
    const keyless = [...operationsOf(doc).values()].filter((o) => o.operation.security?.length === 0).map((o) => o.path);
    expect([...new Set(keyless)].sort()).toEqual([
      '/docs',
      '/docs/assets/{file}',
      '/healthz',
      '/openapi.json',
      '/readyz',
      '/v1/auth/invites/{token}',
      '/v1/auth/login',
      '/webhooks/whatsapp',
    ]);
  });

  it('docs and health: open, no API key', async () => {
    await rec.call('getOpenApiDocument', 200, { url: '/openapi.json', auth: false, example: false });
    const page = await rec.call('getDocsPage', 200, { url: '/docs', auth: false });
    // Everything the page loads is ours: no CDN, no online validator.
    const sources = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.every((s) => s!.startsWith('/docs/assets/'))).toBe(true);
    expect(page.body).toContain('validatorUrl: null');
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
      const asset = await rec.call('getDocsAsset', 200, { url: `/docs/assets/${file}`, auth: false, example: false });
      expect(asset.body.length).toBeGreaterThan(1000);
    }
    await rec.call('getDocsAsset', 404, { url: '/docs/assets/..%2Fpackage.json', auth: false });
    await rec.call('healthz', 200, { url: '/healthz', auth: false });
    await rec.call('readyz', 200, { url: '/readyz', auth: false });
  });

  it('templates', async () => {
    await rec.call('syncTemplates', 200, { url: '/v1/templates/sync' });
    await rec.call('listTemplates', 200, { url: '/v1/templates?name=order_shipped' });
    await rec.call('listTemplates', 400, { url: '/v1/templates?language=English' });
    await rec.call('renderTemplate', 200, { url: '/v1/templates/render', body: { template: templatePayload().template } });
    await rec.call('renderTemplate', 404, { url: '/v1/templates/render', body: { template: { name: 'no_such_template', language: { code: 'en' } } } });
    await rec.call('checkTemplate', 200, { url: '/v1/templates/check', body: { template: templatePayload().template } });
    const missing = await rec.call('checkTemplate', 400, {
      url: '/v1/templates/check',
      body: { template: { name: 'order_shipped', language: { code: 'en' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Pablo' }] }] } },
    });
    expect(missing.body.details[0].field).toMatch(/^template\.components/);

    const draft = {
      name: 'pickup_ready',
      language: 'en',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['44812'] } },
        { type: 'BODY', text: 'Hi {{1}}, your order is ready for pickup at the front desk.', example: { body_text: [['Pablo']] } },
        { type: 'FOOTER', text: 'Sendbook Demo Shop' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'On my way' }] },
      ],
    };
    const made = await rec.call('createTemplate', 201, { url: '/v1/templates', body: draft });
    await rec.call('createTemplate', 409, { url: '/v1/templates', body: draft });
    const invalid = await rec.call('createTemplate', 400, {
      url: '/v1/templates',
      body: { ...draft, name: 'Pickup Ready', components: [{ type: 'BODY', text: '{{1}} is ready' }] },
    });
    expect(invalid.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['name', 'body.text', 'body.example']));
    const id = made.body.template.id as string;
    await waitFor(async () => (await sb.api().get('/v1/templates?name=pickup_ready')).body.data[0]?.status === 'APPROVED', { what: 'pickup_ready approved' });
    await rec.call('editTemplate', 409, { method: 'PATCH', url: `/v1/templates/${id}`, body: { category: 'MARKETING' } });
    await rec.call('editTemplate', 200, {
      method: 'PATCH',
      url: `/v1/templates/${id}`,
      body: { components: [{ type: 'BODY', text: 'Hi {{1}}, your order is ready at the front desk.', example: { body_text: [['Pablo']] } }] },
    });
    await rec.call('editTemplate', 404, { method: 'PATCH', url: '/v1/templates/404', body: { category: 'UTILITY' } });
    await rec.call('deleteTemplate', 204, { method: 'DELETE', url: `/v1/templates/${id}` });
  });

  it('outbox', async () => {
    const since = new Date().toISOString();
    const body = messageRequest({ dedupe_key: 'order-44812:shipped:972501234567' });
    const created = await rec.call('createMessage', 201, { url: '/v1/messages', body });
    const id = created.body.message.id as string;
    await rec.call('createMessage', 200, { url: '/v1/messages', body });
    await rec.call('createMessage', 409, { url: '/v1/messages', body: { ...body, payload: templatePayload('44813') } });
    await rec.call('createMessage', 400, { url: '/v1/messages', body: { to: '+972501234567', purpose: 'order shipped', payload: { type: 'text' } } });
    await rec.call('createMessage', 401, { url: '/v1/messages', body, auth: false });
    await rec.call('createMessage', 413, { url: '/v1/messages', body: { ...body, trigger_ref: 'x'.repeat(300_000) } });
    await rec.call('createMessageBatch', 200, {
      url: '/v1/messages/batch',
      body: {
        messages: [
          messageRequest({ dedupe_key: 'order-44815:shipped:972501234567', campaign: 'december-shipments' }),
          body,
          { ...body, payload: templatePayload('44813') },
          messageRequest({ dedupe_key: 'order-44816:shipped:972501234567', to: 'call me maybe' }),
        ],
      },
    });
    await rec.call('createMessageBatch', 400, { url: '/v1/messages/batch', body: { messages: [] } });
    await waitFor(async () => (await sb.api().get(`/v1/messages/${id}`)).body.message.wamid !== null, { what: 'the message accepted by Meta' });

    await rec.call('getMessage', 200, { url: `/v1/messages/${id}` });
    await rec.call('getMessage', 404, { url: '/v1/messages/6f1c2b9e-93c5-4f59-a1ff-0d5b8d3e2a10' });
    await rec.call('listMessages', 200, { url: '/v1/messages?trigger_ref=orders/44812&limit=1' });
    await rec.call('listMessages', 401, { url: '/v1/messages', auth: false });
    // The campaign's message priced by Meta, so its example shows the count and the estimate.
    await waitFor(async () => Boolean((await sb.api().get('/v1/messages?campaign=december-shipments')).body.data[0]?.pricing), {
      what: 'the campaign priced',
    });
    await rec.call('listCampaigns', 200, { url: '/v1/campaigns' });
    await rec.call('getCampaign', 200, { url: '/v1/campaigns/december-shipments' });
    await rec.call('getCampaign', 404, { url: '/v1/campaigns/no-such-campaign' });
    // The export's example ends here: the campaign's rows are written by a worker in the next
    // half-second or not before its cancel, and an example must not depend on which.
    const until = new Date().toISOString();
    const campaignBody = {
      name: 'spring-sale-2026',
      template: { name: 'hello_world', language: 'en_US' },
      recipients: [
        { to: '+972501234567', variables: [] },
        { to: '+972501234568', variables: [] },
        { to: 'call me maybe', variables: [] },
      ],
    };
    await rec.call('previewCampaign', 200, { url: '/v1/campaigns/preview', body: campaignBody });
    const started = await rec.call('createCampaign', 202, { url: '/v1/campaigns', body: campaignBody });
    const campaignId = (started.body as { campaign: { id: string } }).campaign.id;
    await rec.call('createCampaign', 400, {
      url: '/v1/campaigns',
      body: { ...campaignBody, name: 'winter', template: { name: 'winter_promo', language: 'en' } },
    });
    await rec.call('listCampaignRuns', 200, { url: '/v1/campaigns/runs' });
    await rec.call('getCampaignRun', 200, { url: `/v1/campaigns/${campaignId}/run` });
    await rec.call('getCampaignRun', 404, { url: '/v1/campaigns/no-such-campaign/run' });
    await rec.call('getCampaignTimeline', 200, { url: `/v1/campaigns/${campaignId}/timeline` });
    await rec.call('exportCampaign', 200, { url: `/v1/campaigns/${campaignId}/export`, example: false });
    await rec.call('pauseCampaign', 200, { url: `/v1/campaigns/${campaignId}/pause` });
    await rec.call('resumeCampaign', 200, { url: `/v1/campaigns/${campaignId}/resume` });
    await rec.call('cancelCampaign', 200, { url: `/v1/campaigns/${campaignId}/cancel` });
    await rec.call('pauseCampaign', 409, { url: `/v1/campaigns/${campaignId}/pause` });
    await rec.call('getMessageHistory', 200, { url: `/v1/messages/${id}/history` });
    await waitFor(async () => (await sb.api().get(`/v1/messages/${id}/statuses`)).body.data.length > 0, { what: 'a status from Meta' });
    await rec.call('getMessageStatuses', 200, { url: `/v1/messages/${id}/statuses` });
    const lines = await rec.call('exportMessages', 200, { url: `/v1/messages/export?since=${since}&until=${until}` });
    expect(lines.contentType).toBe('application/x-ndjson; charset=utf-8');
    expect(lines.body.map((m: { id: string }) => m.id)).toContain(id);
    const csv = await rec.call('exportMessages', 200, {
      url: `/v1/messages/export?since=${since}&until=${until}&format=csv&cursor=${lines.body[0].cursor}`,
      variant: 'csv',
      example: false,
    });
    expect(String(csv.body).split('\r\n')[0]).toMatch(/^id,dedupe_key,to,/);
    await rec.call('exportMessages', 400, { url: `/v1/messages/export?since=${until}&until=${since}` });

    // A message due tomorrow stays queued, so it can be cancelled by hand (and only once).
    const later = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'order-44814:shipped:972501234567', not_before: new Date(Date.now() + 86_400_000).toISOString() }))
      .expect(201);
    const laterId = later.body.message.id as string;
    await rec.call('resolveMessage', 200, { url: `/v1/messages/${laterId}/resolve`, body: { action: 'cancel', note: 'order cancelled by the customer' } });
    await rec.call('resolveMessage', 409, { url: `/v1/messages/${laterId}/resolve`, body: { action: 'cancel' } });

    // The order was cancelled: its shipping message, due later and still queued, never goes.
    const shipping = await sb
      .api()
      .post('/v1/messages')
      .send(
        messageRequest({
          dedupe_key: 'order-44817:shipped:972501234567',
          not_before: new Date(Date.now() + 86_400_000).toISOString(),
          expires_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        }),
      )
      .expect(201);
    await rec.call('cancelMessage', 200, { url: `/v1/messages/${shipping.body.message.id}/cancel` });
    await rec.call('cancelMessage', 409, { url: `/v1/messages/${id}/cancel` });
    await rec.call('cancelMessage', 404, { url: '/v1/messages/6f1c2b9e-93c5-4f59-a1ff-0d5b8d3e2a10/cancel' });
    await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'order-44818:shipped:972501234567', not_before: new Date(Date.now() + 86_400_000).toISOString() }))
      .expect(201);
    await rec.call('cancelMessageByKey', 200, { url: '/v1/messages/cancel', body: { dedupe_key: 'order-44818:shipped:972501234567' } });
    await rec.call('cancelMessageByKey', 404, { url: '/v1/messages/cancel', body: { dedupe_key: 'order-00000:shipped:972501234567' } });
  });

  it('conversations, inbound and work items', async () => {
    const waId = '16505550201';
    const hello = await inbound(sb, sb.sim.customer(waId, { name: 'Dana' }).sendText('hi, is my order on its way?'));
    const conversationId = hello.conversation_id as string;

    await rec.call('openConversation', 200, { url: '/v1/conversations', body: { to: `+${waId}` } });
    await rec.call('listConversations', 200, { url: '/v1/conversations?state=open&limit=10' });
    const rosa = (
      await sb.api().post('/v1/staff').send({ email: 'rosa@shop.example', name: 'Rosa', role: 'agent', password: 'rosa has a password' }).expect(201)
    ).body.staff;
    await rec.call('updateConversation', 200, { method: 'PATCH', url: `/v1/conversations/${conversationId}`, body: { assignee: rosa.id } });
    await rec.call('updateConversation', 400, { method: 'PATCH', url: `/v1/conversations/${conversationId}`, body: { assignee: 'rosa@shop.example' } });
    await rec.call('countConversations', 200, { url: '/v1/conversations/counts' });
    await rec.call('replaceConversationLabels', 200, {
      method: 'PUT',
      url: `/v1/conversations/${conversationId}/labels`,
      body: { labels: ['Billing', ' VIP '] },
    });
    await rec.call('replaceConversationLabels', 400, { method: 'PUT', url: `/v1/conversations/${conversationId}/labels`, body: { labels: ['billing', '  '] } });
    await rec.call('listConversationLabels', 200, { url: '/v1/conversations/labels' });
    await rec.call('snoozeConversation', 200, { url: `/v1/conversations/${conversationId}/snooze`, body: { until: 'customer_reply' } });
    await rec.call('snoozeConversation', 400, { url: `/v1/conversations/${conversationId}/snooze`, body: { until: 'tomorrow' } });
    await rec.call('wakeConversation', 200, { method: 'DELETE', url: `/v1/conversations/${conversationId}/snooze` });
    await rec.call('addConversationNote', 201, {
      url: `/v1/conversations/${conversationId}/notes`,
      body: { text: 'Called her: the parcel is with the neighbour.' },
    });
    await rec.call('markConversationSeen', 200, { url: `/v1/conversations/${conversationId}/seen` });
    await rec.call('showTyping', 202, { url: `/v1/conversations/${conversationId}/typing` });
    await rec.call('showTyping', 200, { url: `/v1/conversations/${conversationId}/typing` });
    await rec.call('replyInConversation', 201, {
      url: `/v1/conversations/${conversationId}/replies`,
      body: { text: 'Yes, it ships today.', reply_to: hello.id, client_request_id: 'agent-7:reply-1' },
    });
    await rec.call('replyInConversation', 200, {
      url: `/v1/conversations/${conversationId}/replies`,
      body: { text: 'Yes, it ships today.', reply_to: hello.id, client_request_id: 'agent-7:reply-1' },
    });
    const silent = await sb.api().post('/v1/conversations').send({ to: '+16505550202' }).expect(200);
    await rec.call('replyInConversation', 422, { url: `/v1/conversations/${silent.body.conversation.id as string}/replies`, body: { text: 'Hello?' } });
    await rec.call('showTyping', 422, { url: `/v1/conversations/${silent.body.conversation.id as string}/typing` });
    await rec.call('reactInConversation', 201, {
      url: `/v1/conversations/${conversationId}/reactions`,
      body: { message_id: hello.id, emoji: '👍', client_request_id: 'agent-7:react-1' },
    });
    await rec.call('reactInConversation', 200, {
      url: `/v1/conversations/${conversationId}/reactions`,
      body: { message_id: hello.id, emoji: '👍', client_request_id: 'agent-7:react-1' },
    });
    await rec.call('reactInConversation', 400, { url: `/v1/conversations/${conversationId}/reactions`, body: { message_id: hello.id, emoji: 'thumbs up' } });
    await rec.call('getConversation', 200, { url: `/v1/conversations/${conversationId}` });
    await rec.call('getConversation', 404, { url: '/v1/conversations/6f1c2b9e-93c5-4f59-a1ff-0d5b8d3e2a10' });
    await rec.call('getConversationHistory', 200, { url: `/v1/conversations/${conversationId}/history` });
    const page = await rec.call('getConversationTimeline', 200, { url: `/v1/conversations/${conversationId}/timeline?limit=2` });
    expect(page.body.data).toHaveLength(2);
    await rec.call('getConversationTimeline', 200, {
      url: `/v1/conversations/${conversationId}/timeline?limit=2&before=${page.body.older_cursor}`,
      variant: 'older',
    });
    await rec.call('getConversationTimeline', 400, { url: `/v1/conversations/${conversationId}/timeline?before=nonsense` });
    await rec.call('search', 200, { url: '/v1/search?q=parcel' });
    await rec.call('search', 200, { url: '/v1/search?q=555%200201', variant: 'number' });
    await rec.call('search', 400, { url: '/v1/search?q=' });

    // A reply quoting a message we do not know: stored, unattributed, a work item.
    const stray = await inbound(
      sb,
      sb.sim.customer(waId).sendText('and this one?', { contextWamid: 'wamid.HBgLMTY1MDU1NTAyMDEVAgARGBJVTktOT1dOX0VMU0VXSEVSRQA=' }),
    );
    await rec.call('listWorkItems', 200, { url: '/v1/work-items?kind=unattributed_inbound' });
    await rec.call('listWorkItems', 400, { url: '/v1/work-items?kind=everything' });
    await rec.call('listInbound', 200, { url: '/v1/inbound?attribution=unattributed' });
    await rec.call('getInbound', 200, { url: `/v1/inbound/${stray.id}` });
    await rec.call('getAttributionCandidates', 200, { url: `/v1/inbound/${stray.id}/candidates` });
    await rec.call('attributeInbound', 200, {
      url: `/v1/inbound/${stray.id}/attribute`,
      body: { conversation_id: conversationId, note: 'asked about the same order' },
    });
    await rec.call('attributeInbound', 400, { url: `/v1/inbound/${stray.id}/attribute`, body: {} });
    await rec.call('getInboundHistory', 200, { url: `/v1/inbound/${stray.id}/history` });
    const since = new Date(Date.parse(String(hello.created_at)) - 1_000).toISOString();
    const until = new Date(Date.now() + 1_000).toISOString();
    const lines = await rec.call('exportInbound', 200, { url: `/v1/inbound/export?since=${since}&until=${until}` });
    expect(lines.body.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([hello.id, stray.id]));
    await rec.call('exportInbound', 400, { url: `/v1/inbound/export?since=${since}` });
  });

  it('follow-ups from the work queues: resend, release, dismiss, bulk, counts', async () => {
    sb.sim.customer('972507000301', { failWith: 131026 });
    const failed = (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'order-44820:shipped:972507000301', to: '+972507000301' }))
        .expect(201)
    ).body.message.id as string;
    const held = (
      await sb
        .api()
        .post('/v1/messages')
        .send({
          dedupe_key: 'order-44821:delay:972507000302',
          to: '+972507000302',
          purpose: 'shipping_update',
          payload: { type: 'text', text: { body: 'Your parcel is a day late.' } },
        })
        .expect(201)
    ).body.message.id as string;
    const stateOf = async (id: string) => (await sb.api().get(`/v1/messages/${id}`)).body.message.state;
    await waitFor(async () => (await stateOf(failed)) === 'failed' && (await stateOf(held)) === 'held', { what: 'a failed and a held message' });
    await rec.call('listWorkItems', 200, { url: '/v1/work-items?kind=failed&error_code=131026&limit=20', variant: 'failed' });
    await rec.call('countWorkItems', 200, { url: '/v1/work-items/counts' });
    sb.sim.customer('972507000301', { failWith: null });
    await rec.call('resendMessage', 201, { url: `/v1/messages/${failed}/resend`, body: { note: 'the customer fixed the number' } });
    await rec.call('resendMessage', 409, { url: `/v1/messages/${held}/resend`, body: {} });
    await rec.call('releaseMessage', 400, { url: `/v1/messages/${held}/release`, body: { note: 'no template given' } });
    await rec.call('releaseMessage', 201, {
      url: `/v1/messages/${held}/release`,
      body: { template: templatePayload('44821').template, note: 'window closed: the template instead' },
    });
    await rec.call('listWorkItems', 200, { url: '/v1/work-items?kind=failed&status=resolved', variant: 'resolved' });
    await rec.call('bulkWorkItems', 200, { url: '/v1/work-items/stuck_sending/bulk', body: { action: 'cancel', dry_run: true, purpose: 'order_shipped' } });
    await rec.call('bulkWorkItems', 400, { url: '/v1/work-items/stuck_sending/bulk', body: { action: 'cancel', expected: 3, purpose: 'order_shipped' } });

    await postWebhook(sb.url, '{"object":"whatsapp_business_account","entry": [');
    await waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM webhook_deliveries WHERE state = 'poison'`)).length === 1, {
      what: 'a poison delivery',
    });
    const [poison] = await sb.dataSource.query(`SELECT id FROM webhook_deliveries WHERE state = 'poison'`);
    await rec.call('getWebhookDelivery', 200, { url: `/v1/webhooks/deliveries/${poison.id}` });
    await rec.call('getWebhookDelivery', 404, { url: '/v1/webhooks/deliveries/6f1c2b9e-93c5-4f59-a1ff-0d5b8d3e2a10' });
    await rec.call('dismissWorkItem', 200, { url: `/v1/work-items/poison_webhook/${poison.id}/dismiss`, body: { note: 'sent by a test tool' } });
    await rec.call('dismissWorkItem', 404, { url: `/v1/work-items/poison_webhook/${poison.id}/dismiss`, body: { note: 'twice' } });
    await rec.call('dismissWorkItem', 400, { url: `/v1/work-items/poison_webhook/${poison.id}/dismiss`, body: {} });
  });

  it('numbers and pauses', async () => {
    await rec.call('syncNumberProfiles', 200, { url: '/v1/numbers/sync' });
    await rec.call('listNumbers', 200, { url: '/v1/numbers' });
    await rec.call('pauseNumber', 200, { url: `/v1/numbers/${TEST_SECRETS.phoneNumberId}/pause`, body: { note: 'complaints about the campaign' } });
    await rec.call('listPauses', 200, { url: '/v1/pauses' });
    await rec.call('resumeNumber', 200, { url: `/v1/numbers/${TEST_SECRETS.phoneNumberId}/resume`, body: { note: 'campaign reviewed' } });
    await rec.call('resumeNumber', 400, { url: '/v1/numbers/not-a-number/resume' });
  });

  it('inbound media', async () => {
    const image = await inbound(sb, sb.sim.customer('16505550204').sendImage('my receipt'));
    const file = await rec.call('getInboundMedia', 200, { url: `/v1/inbound/${image.id}/media`, example: false });
    expect(file.contentType).toBe('image/png');
    const textOnly = await inbound(sb, sb.sim.customer('16505550204').sendText('that was the receipt'));
    await rec.call('getInboundMedia', 422, { url: `/v1/inbound/${textOnly.id}/media` });
    await rec.call('getInboundMedia', 404, { url: '/v1/inbound/6f1c2b9e-93c5-4f59-a1ff-0d5b8d3e2a10/media' });
  });

  it('uploads and kept files', async () => {
    await rec.call('getUploadLimits', 200, { url: '/v1/uploads/limits' });
    const pdf = pdfBytes('Invoice 42');
    const uploaded = await rec.call('uploadFile', 201, {
      url: '/v1/uploads',
      file: { field: 'file', bytes: pdf, filename: 'invoice-42.pdf', contentType: 'application/pdf' },
    });
    await rec.call('uploadFile', 400, {
      url: '/v1/uploads',
      file: { field: 'file', bytes: Buffer.from('GIF89a'), filename: 'party.gif', contentType: 'image/gif' },
    });
    await rec.call('uploadFile', 413, {
      url: '/v1/uploads',
      file: { field: 'file', bytes: pngBytes(4, 4, { padTo: 5 * 1024 * 1024 + 1024 }), filename: 'huge.png', contentType: 'image/png' },
    });
    const file = await rec.call('downloadKeptFile', 200, { url: `/v1/media/${uploaded.body.upload_id}`, example: false });
    expect(file.contentType).toBe('application/pdf');
    await rec.call('downloadKeptFile', 404, { url: '/v1/media/6f1c2b9e-93c5-4f59-a1ff-0d5b8d3e2a10' });
  });

  it('metrics and alerts', async () => {
    await rec.call('getMetrics', 200, { url: '/v1/metrics?bucket=15m' });
    await rec.call('getMetrics', 400, { url: '/v1/metrics?bucket=2m' });
    await rec.call('getPrometheusMetrics', 200, { url: '/metrics', auth: false });
    // An alert as the metrics module raises one, through the real service.
    const { alert } = await sb.app
      .get(AlertsService)
      .raise({ source: 'metrics', key: 'metrics.stuck_sending', title: 'rows stuck in sending for 5 minutes', details: { stuck_sending: 1 } });
    await rec.call('listWorkItems', 200, { url: '/v1/work-items?kind=alert', variant: 'alert' });
    await rec.call('resolveAlert', 200, { url: `/v1/alerts/${alert.id}/resolve`, body: { note: 'checked with Meta: sent once' } });
    await rec.call('resolveAlert', 409, { url: `/v1/alerts/${alert.id}/resolve`, body: {} });
    await rec.call('resolveAlert', 404, { url: '/v1/alerts/6f1c2b9e-93c5-4f59-a1ff-0d5b8d3e2a10/resolve', body: {} });
  });

  it('webhooks', async () => {
    const challenge = 'hub.mode=subscribe&hub.challenge=1158201444';
    await rec.call('verifyWebhook', 200, { url: `/webhooks/whatsapp?${challenge}&hub.verify_token=${TEST_SECRETS.verifyToken}`, auth: false });
    await rec.call('verifyWebhook', 403, { url: `/webhooks/whatsapp?${challenge}&hub.verify_token=wrong`, auth: false });
    const raw = envelope({
      statuses: [statusItem({ wamid: 'wamid.HBgLMTY1MDU1NTEyMzQVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA', status: 'delivered', timestamp: 1767258000 })],
    });
    await rec.call('receiveWebhook', 200, {
      url: '/webhooks/whatsapp',
      rawBody: raw,
      auth: false,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(Buffer.from(raw), TEST_SECRETS.appSecret) },
    });
    await rec.call('receiveWebhook', 401, {
      url: '/webhooks/whatsapp',
      rawBody: raw,
      auth: false,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
    });
    const [delivery] = await sb.dataSource.query(`SELECT id FROM webhook_deliveries ORDER BY received_at LIMIT 1`);
    await rec.call('replayWebhooks', 202, { url: '/v1/webhooks/replay', body: { ids: [delivery.id] } });
    await rec.call('replayWebhooks', 400, { url: '/v1/webhooks/replay', body: { ids: ['not-a-uuid'] } });
  });

  it('staff, sessions and API keys', async () => {
    const created = await rec.call('createStaff', 201, {
      url: '/v1/staff',
      body: { email: 'dana@shop.example', name: 'Dana', role: 'admin', password: 'correct horse battery staple' },
    });
    const danaId = created.body.staff.id as string;
    await rec.call('createStaff', 409, { url: '/v1/staff', body: { email: 'Dana@shop.example', name: 'Dana again', role: 'agent' } });
    const invited = await rec.call('createStaff', 201, {
      url: '/v1/staff',
      variant: 'invite',
      body: { email: 'sam@shop.example', name: 'Sam', role: 'agent' },
    });
    const samId = invited.body.staff.id as string;
    const token = String(invited.body.invite_url).split('/invite/')[1]!;
    await rec.call('getInvite', 200, { url: `/v1/auth/invites/${token}`, auth: false });
    await rec.call('acceptInvite', 200, { url: `/v1/auth/invites/${token}`, auth: false, body: { password: 'sam picked this one' } });
    await rec.call('getInvite', 410, { url: `/v1/auth/invites/${token}`, auth: false });
    await rec.call('login', 401, { url: '/v1/auth/login', auth: false, body: { email: 'dana@shop.example', password: 'not it' } });
    const login = await rec.call('login', 200, {
      url: '/v1/auth/login',
      auth: false,
      body: { email: 'dana@shop.example', password: 'correct horse battery staple' },
    });
    const cookie = login.sessionCookie!;
    await rec.call('me', 200, { url: '/v1/auth/me', cookie });
    await rec.call('me', 401, { url: '/v1/auth/me', auth: false });
    await rec.call('updateMe', 200, { method: 'PATCH', url: '/v1/auth/me', cookie, body: { name: 'Dana Reyes' } });
    await rec.call('updateMe', 200, {
      method: 'PATCH',
      url: '/v1/auth/me',
      cookie,
      body: { notifications: { sound: false, views: ['mine', 'unassigned'] } },
      variant: 'notifications',
    });
    await rec.call('updateMe', 400, { method: 'PATCH', url: '/v1/auth/me', cookie, body: { notifications: { views: ['theirs'] } } });
    await rec.call('updateMe', 200, { method: 'PATCH', url: '/v1/auth/me', cookie, body: { availability: 'busy' }, variant: 'availability' });
    const thread = (await sb.api().post('/v1/conversations').send({ to: '+16505550203' }).expect(200)).body.conversation.id as string;
    await rec.call('viewConversation', 200, { url: `/v1/conversations/${thread}/viewing`, cookie, body: { typing: true } });
    await rec.call('leaveConversation', 200, { method: 'DELETE', url: `/v1/conversations/${thread}/viewing`, cookie });
    await rec.call('changePassword', 204, {
      url: '/v1/auth/password',
      cookie,
      body: { current_password: 'correct horse battery staple', new_password: 'a newer horse battery' },
    });
    await rec.call('listStaff', 200, { url: '/v1/staff', cookie });
    await rec.call('getStaff', 200, { url: `/v1/staff/${samId}`, cookie });
    await rec.call('updateStaff', 200, { method: 'PATCH', url: `/v1/staff/${samId}`, cookie, body: { role: 'admin' } });
    await rec.call('resetStaffPassword', 200, { url: `/v1/staff/${samId}/reset-password`, cookie });
    await rec.call('updateStaff', 200, { method: 'PATCH', url: `/v1/staff/${samId}`, cookie, variant: 'deactivate', body: { active: false } });
    const ari = await rec.call('createStaff', 201, {
      url: '/v1/staff',
      variant: 'agent',
      cookie,
      body: { email: 'ari@shop.example', name: 'Ari', role: 'agent', password: 'ari has a password' },
    });
    const agentCookie = (
      await rec.call('login', 200, { url: '/v1/auth/login', auth: false, example: false, body: { email: 'ari@shop.example', password: 'ari has a password' } })
    ).sessionCookie!;
    await rec.call('listStaff', 403, { url: '/v1/staff', cookie: agentCookie });
    await rec.call('listTeam', 200, { url: '/v1/team', cookie: agentCookie });
    const team = await rec.call('createTeam', 201, {
      url: '/v1/teams',
      cookie,
      body: {
        name: 'Support',
        member_ids: [danaId, ari.body.staff.id],
        phone_number_ids: ['106540352242922'],
        assignment: { mode: 'balanced', max_open: 5, reassign_after_minutes: 30 },
        targets: { first_response_seconds: 300, next_response_seconds: 900 },
        business_hours: { time_zone: 'Europe/Berlin', weekly: { mon: [['09:00', '17:00']], tue: [['09:00', '17:00']] }, holidays: ['2026-12-25'] },
        out_of_office: { text: 'Thanks for writing! We are back Monday at 09:00 and answer in order.' },
      },
    });
    await rec.call('createTeam', 400, {
      url: '/v1/teams',
      cookie,
      body: { name: 'Night', business_hours: { time_zone: 'Europe/Berlin', weekly: { mon: [['18:00', '09:00']] } } },
    });
    await rec.call('createTeam', 409, { url: '/v1/teams', cookie, body: { name: 'Sales', phone_number_ids: ['106540352242922'] } });
    await rec.call('listTeams', 200, { url: '/v1/teams', cookie: agentCookie });
    // A customer of the team's number, held by Ari and waiting past the 5-minute target: the wait moved back by hand, not waited for (nobody is online to be assigned it).
    const waiting = (await inbound(sb, sb.sim.customer('16505550990', { name: 'Noa Katz' }).sendText('Hello? Is anyone there?'))).conversation_id;
    await sb.dataSource.query(
      `UPDATE conversations SET waiting_since = now() - interval '12 minutes', waiting_for = 'first_response', response_due_at = now() - interval '7 minutes',
              sla_breached_at = now() - interval '7 minutes', assignee = $2, assigned_at = now() - interval '11 minutes', needs_assignee_since = NULL WHERE id = $1`,
      [waiting, ari.body.staff.id],
    );
    await rec.call('listWorkItems', 200, { url: '/v1/work-items?kind=waiting_customer', variant: 'waiting_customer', cookie: agentCookie });
    await sb.dataSource.query(
      `UPDATE conversations SET waiting_since = NULL, waiting_for = NULL, response_due_at = NULL, sla_breached_at = NULL WHERE id = $1`,
      [waiting],
    );
    await rec.call('getTeam', 200, { url: `/v1/teams/${team.body.team.id}`, cookie });
    await rec.call('updateTeam', 200, {
      method: 'PATCH',
      url: `/v1/teams/${team.body.team.id}`,
      cookie,
      body: { assignment: { mode: 'round_robin' }, targets: { next_response_seconds: null } },
    });
    await rec.call('updateTeam', 404, { method: 'PATCH', url: '/v1/teams/00000000-0000-0000-0000-000000000000', cookie, body: { name: 'x' } });
    await rec.call('deleteTeam', 204, { method: 'DELETE', url: `/v1/teams/${team.body.team.id}`, cookie });
    const key = await rec.call('createApiKey', 201, { url: '/v1/api-keys', cookie, body: { name: 'order system', scopes: ['send'] } });
    const limited = await rec.call('createApiKey', 201, {
      url: '/v1/api-keys',
      cookie,
      variant: 'limited',
      body: { name: 'newsletter', integration: 'crm', scopes: ['send'], phone_number_ids: ['106540352242922'], max_priority: 10, rate_per_minute: 600 },
    });
    await rec.call('updateApiKeyLimits', 200, {
      method: 'PATCH',
      url: `/v1/api-keys/${limited.body.api_key.id}`,
      cookie,
      body: { rate_per_minute: null, max_priority: 50 },
    });
    await rec.call('updateApiKeyLimits', 404, { method: 'PATCH', url: '/v1/api-keys/00000000-0000-0000-0000-000000000000', cookie, body: { max_priority: 1 } });
    await rec.call('listApiKeys', 200, { url: '/v1/api-keys', cookie });
    await rec.call('getBackgroundWork', 200, { url: '/v1/system/jobs', cookie });
    const snippet = await rec.call('createSnippet', 201, {
      url: '/v1/snippets',
      cookie,
      body: { title: 'Shipping delay', text: 'Hi {{contact.name}}, order {{last_message.trigger_ref}} leaves tomorrow.' },
    });
    await rec.call('createSnippet', 400, { url: '/v1/snippets', cookie, body: { title: 'Email', text: 'We wrote to {{contact.email}}' } });
    await rec.call('createSnippet', 409, { url: '/v1/snippets', cookie, body: { title: 'Shipping delay', text: 'Again' } });
    await rec.call('listSnippets', 200, { url: '/v1/snippets', cookie });
    await rec.call('updateSnippet', 200, {
      method: 'PATCH',
      url: `/v1/snippets/${snippet.body.snippet.id}`,
      cookie,
      body: { text: 'Hi {{contact.name}}, it leaves today.' },
    });
    await rec.call('updateSnippet', 404, { method: 'PATCH', url: '/v1/snippets/00000000-0000-0000-0000-000000000000', cookie, body: { text: 'x' } });
    await rec.call('deleteSnippet', 204, { method: 'DELETE', url: `/v1/snippets/${snippet.body.snippet.id}`, cookie });
    await rec.call('revokeApiKey', 200, { url: `/v1/api-keys/${key.body.api_key.id}/revoke`, cookie });
    await rec.call('revokeApiKey', 409, { url: `/v1/api-keys/${key.body.api_key.id}/revoke`, cookie });
    await rec.call('logout', 204, { url: '/v1/auth/logout', cookie });
    // Sam was deactivated, so Dana is the last active admin (an admin key is not a person).
    await rec.call('updateStaff', 409, { method: 'PATCH', url: `/v1/staff/${danaId}`, body: { active: false } });
  });

  it('reports', async () => {
    // A day's worth of one conversation: the customer writes, an admin takes it, answers and closes it.
    const lee = await createStaff(sb, 'admin', 'Lee');
    const cookie = await signIn(sb, lee);
    const team = await sb
      .api()
      .post('/v1/teams')
      .send({ name: 'Orders', member_ids: [lee.id], phone_number_ids: [TEST_SECRETS.phoneNumberId], targets: { first_response_seconds: 300 } })
      .expect(201);
    const kim = await inbound(sb, sb.sim.customer('16505550204', { name: 'Kim' }).sendText('can I still change the size?'));
    const thread = kim.conversation_id as string;
    await asSession(sb, cookie).patch(`/v1/conversations/${thread}`).send({ assignee: lee.id }).expect(200);
    await asSession(sb, cookie).post(`/v1/conversations/${thread}/replies`).send({ text: 'Yes, which size?', client_request_id: 'lee-1' }).expect(201);
    await asSession(sb, cookie).patch(`/v1/conversations/${thread}`).send({ state: 'closed' }).expect(200);
    const agents = await rec.call('getAgentReport', 200, { url: '/v1/reports/agents', cookie });
    expect(agents.body.rows.find((r: { agent: { name: string } | null }) => r.agent?.name === 'Lee').total).toMatchObject({ handled: 1, replies_sent: 1 });
    await rec.call('getAgentReport', 400, { url: '/v1/reports/agents?since=2026-12-01T00:00:00Z', cookie });
    await rec.call('getTeamReport', 200, { url: '/v1/reports/teams?time_zone=Europe/Berlin', cookie });
    await asSession(sb, cookie)
      .delete(`/v1/teams/${team.body.team.id as string}`)
      .expect(204);
  });

  it('event endpoints', async () => {
    const created = await rec.call('createEventEndpoint', 201, {
      url: '/v1/event-endpoints',
      body: {
        url: 'http://127.0.0.1:9/sendbook-events',
        events: ['message.state_changed', 'inbound.attributed'],
        description: 'order system',
        filter: { phone_number_ids: [TEST_SECRETS.phoneNumberId], purposes: ['order_shipped', 'order_confirmation'] },
        rate_per_second: 20,
      },
    });
    await rec.call('createEventEndpoint', 400, { url: '/v1/event-endpoints', body: { url: 'not a url', events: ['message.state_changed'] } });
    const id = created.body.endpoint.id as string;
    await rec.call('listEventEndpoints', 200, { url: '/v1/event-endpoints' });
    await rec.call('updateEventEndpoint', 200, { url: `/v1/event-endpoints/${id}`, body: { enabled: false } });
    await rec.call('updateEventEndpoint', 400, { url: `/v1/event-endpoints/${id}`, body: { filter: { campaigns: [] }, rate_per_second: 0 } });
    await rec.call('rotateEventEndpointSecret', 200, { url: `/v1/event-endpoints/${id}/rotate-secret`, body: { keep_old_for_hours: 24 } });
    await rec.call('rotateEventEndpointSecret', 400, { url: `/v1/event-endpoints/${id}/rotate-secret`, body: { keep_old_for_hours: 1000 } });
    await rec.call('rotateEventEndpointSecret', 404, { url: '/v1/event-endpoints/00000000-0000-4000-8000-000000000000/rotate-secret', body: {} });
    const since = new Date(Date.now() - 1_000).toISOString();
    await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'docs-event-endpoints' }))
      .expect(201);
    await rec.call('recoverEventEndpoint', 200, { url: `/v1/event-endpoints/${id}/recover`, body: { since } });
    await rec.call('recoverEventEndpoint', 400, { url: `/v1/event-endpoints/${id}/recover`, body: { since: 'last week' } });
    const deliveries = await rec.call('listEventDeliveries', 200, { url: `/v1/event-endpoints/${id}/deliveries` });
    const deliveryId = deliveries.body.data[0].id as string;
    await rec.call('replayEventDelivery', 200, { url: `/v1/event-endpoints/${id}/deliveries/${deliveryId}/replay` });
    await rec.call('replayEventDelivery', 404, { url: `/v1/event-endpoints/${id}/deliveries/00000000-0000-4000-8000-000000000000/replay` });
    await rec.call('deleteEventEndpoint', 204, { url: `/v1/event-endpoints/${id}` });
    await rec.call('deleteEventEndpoint', 404, { url: `/v1/event-endpoints/${id}` });
  });

  it('live events', async () => {
    // Quiet first: a status of an earlier test's message still on its way would be the event recorded,
    // and a message paced 6 s behind another to the same customer is still to be sent.
    const due = `SELECT 1 FROM outbound_messages WHERE state = 'sending' OR (state = 'queued' AND not_before < now() + interval '1 hour') LIMIT 1`;
    await waitFor(async () => (await sb.dataSource.query(due)).length === 0, { what: 'no message due to be sent', timeoutMs: 30_000 });
    await sb.sim.idle();
    await waitFor(() => allProcessed(sb.dataSource), { what: 'every stored webhook processed' });
    const answer = await rec.stream(
      'streamEvents',
      '/v1/events',
      (text) => /\ndata: .*\n\n/.test(text),
      async () => {
        sb.sim.customer('16505550203').sendText('hello there');
      },
    );
    expect(answer.body).toMatch(/event: inbound\.created/);
  });

  it('every documented operation was exercised, and no committed example is stale', () => {
    const all = [...operationsOf(doc).keys()];
    expect(all.filter((id) => !rec.exercised.has(id))).toEqual([]);
    if (MODE === 'check') expect(rec.staleExamples()).toEqual([]);
  });
});
