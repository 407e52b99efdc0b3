// Integrators and agents, through the front door: each planned request goes out at its moment in
// an open loop (at most `maxInFlight` at once), and is repeated with the same body, as a careful
// integrator would, while the answer is a 5xx or the connection fails. Anything else unexpected
// (a 409, a 4xx, two different rows for one request) is a finding.

const RETRY_PAUSE_MS = 300;

export function integrators({ url, apiKey, giveUpAt, onDeduplicated }) {
  const findings = [];
  let requests = 0;
  let retried = 0;

  /** One call, repeated on 5xx and network errors until `giveUpAt`; the final answer. */
  async function call(method, path, body, headers = {}) {
    for (;;) {
      requests++;
      try {
        const res = await fetch(`${url}${path}`, {
          method,
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        if (res.status < 500) return { status: res.status, body: text ? JSON.parse(text) : null };
      } catch {
        // The connection failed: the front door had no process to give it to, or it was cut.
      }
      if (Date.now() > giveUpAt) return { status: 0, body: null };
      retried++;
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }

  const conversations = new Map();
  async function conversationOf(waId) {
    if (!conversations.has(waId)) {
      const opened = await call('POST', '/v1/conversations', { to: `+${waId}` });
      if (opened.status !== 200 && opened.status !== 201) {
        findings.push(`POST /v1/conversations for +${waId} answered ${opened.status}: ${JSON.stringify(opened.body)}`);
        return null;
      }
      conversations.set(waId, opened.body.conversation.id);
    }
    return conversations.get(waId);
  }

  /** An enqueue (and its repeats); resolves with the row id or null. */
  async function enqueue(intent) {
    const once = () => call('POST', '/v1/messages', intent.request);
    const answers = intent.repeat === 'concurrent' ? await Promise.all([once(), once()]) : [await once()];
    if (intent.repeat === 'later') {
      await new Promise((resolve) => setTimeout(resolve, 500 + (intent.i % 7) * 400));
      answers.push(await once());
    }
    return oneRow(`enqueue ${intent.request.dedupe_key}`, answers);
  }

  /** An agent's double click: the same reply, same client_request_id, twice at once. */
  async function reply(intent) {
    const conversation = await conversationOf(intent.waId);
    if (!conversation) return null;
    const once = () => call('POST', `/v1/conversations/${conversation}/replies`, intent.reply, { 'idempotency-key': intent.reply.client_request_id });
    return oneRow(`agent reply ${intent.reply.client_request_id}`, await Promise.all([once(), once()]));
  }

  function oneRow(what, answers) {
    const ids = new Set();
    for (const answer of answers) {
      if (answer.status === 200 && answer.body?.deduplicated === true) onDeduplicated();
      if ((answer.status === 200 || answer.status === 201) && answer.body?.message?.id) ids.add(answer.body.message.id);
      else findings.push(`${what} answered ${answer.status || 'nothing before the deadline'}: ${JSON.stringify(answer.body)?.slice(0, 300)}`);
    }
    if (ids.size > 1) findings.push(`${what} made ${ids.size} rows: ${[...ids].join(', ')}`);
    return ids.size === 1 ? [...ids][0] : null;
  }

  return { call, enqueue, reply, findings, counts: () => ({ requests, retried }) };
}

/** Sends `intents` spread evenly over `durationMs`, at most `maxInFlight` at once; resolves when all answered. */
export async function playLoad(intents, client, { durationMs, maxInFlight = 24 }) {
  const started = Date.now();
  const rows = [];
  let inFlight = 0;
  const waiting = [];
  const pending = [];
  // Resolves once fewer than `maxInFlight` are out; each answer lets the next one go.
  const slot = () => (inFlight < maxInFlight ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve)));
  for (let k = 0; k < intents.length; k++) {
    const due = started + (k * durationMs) / intents.length;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    await slot();
    inFlight++;
    const intent = intents[k];
    pending.push(
      (intent.kind === 'reply' ? client.reply(intent) : client.enqueue(intent))
        .then((id) => rows.push({ intent, id }))
        .finally(() => {
          inFlight--;
          waiting.shift()?.();
        }),
    );
  }
  await Promise.all(pending);
  return rows;
}
