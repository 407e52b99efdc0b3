// The chaos run's printout: each invariant with the rows that break it, then the figures.

export function report({ ok, checks, figures: f, runDir }) {
  const on = f.redis === 'cluster' ? ' on a Redis Cluster' : '';
  const lines = ['', `chaos run${on}, seed ${f.seed}: ${f.business_events} business events in ${f.seconds} s`, ''];
  for (const c of checks) {
    lines.push(`${c.ok ? '✓' : c.advisory ? '!' : '✗'} ${c.name}${c.ok ? '' : ` (${c.count}${c.advisory ? ', advisory: does not fail the run' : ''})`}`);
    for (const v of c.violations) lines.push(`    ${v}`);
  }
  const m = f.meta;
  const w = f.webhooks;
  lines.push(
    '',
    `messages: ${f.rows} rows (${f.agent_replies} agent replies), by state ${JSON.stringify(f.rows_by_state)}; ${f.requests.requests} requests, ${f.requests.retried} repeated after a 5xx or a cut connection`,
    `Meta: ${m.accepted} accepted (${m.answers_lost} answers lost, ${m.failed_by_platform} failed by the platform), refused ${m.refused_5xx}× 500, ${m.refused_130429}× 130429, ${m.refused_131056}× 131056; ${m.business_initiated_users} users reached outside their window`,
    `webhooks: ${w.posts} POSTs (${w.re_deliveries} re-deliveries), ${w.answered_200} answered 200, ${w.stored} stored, ${w.events} events, ${w.poison} poison; inbound ${w.inbound_sent} sent, ${w.inbound_stored} stored`,
    `duplicates absorbed: ${f.duplicates_absorbed.enqueue_and_reply_answers} enqueue/reply answers deduplicated, ${f.duplicates_absorbed.webhook_events} webhook events seen again`,
    `work items: ${f.stuck_listed} stuck_sending, ${f.unattributed_listed} unattributed_inbound`,
    `survived: ${Object.entries(f.survived)
      .map(([k, v]) => `${v} ${k.replace(/_/g, ' ')}`)
      .join(', ')}`,
    '',
    '| fault | times | total s | enqueues | longest enqueue ms | acks | longest ack ms | acks not 200 |',
    '|---|---|---|---|---|---|---|---|',
    ...f.faults.map(
      (x) => `| ${x.fault} | ${x.times} | ${x.total_s} | ${x.enqueues} | ${x.longest_enqueue_ms} | ${x.acks} | ${x.longest_ack_ms} | ${x.ack_non_200} |`,
    ),
    '',
    ok
      ? 'every invariant held'
      : `INVARIANTS BROKEN: ${checks
          .filter((c) => !c.ok && !c.advisory)
          .map((c) => c.name)
          .join('; ')}`,
    `process logs: ${runDir}`,
  );
  return lines.join('\n');
}
