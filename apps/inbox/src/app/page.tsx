import type { operations } from '@sendbook/api-contract';
import { serverApi } from '../lib/api';
import { apiUrl } from '../lib/api-url';

export const dynamic = 'force-dynamic';

type Readiness = operations['readyz']['responses'][200]['content']['application/json'] | operations['readyz']['responses'][503]['content']['application/json'];

async function readiness(): Promise<Readiness | { status: 'unreachable'; error: string }> {
  try {
    const { data, error } = await serverApi().GET('/readyz', { cache: 'no-store', signal: AbortSignal.timeout(3000) });
    return data ?? error;
  } catch (error) {
    return { status: 'unreachable', error: error instanceof Error ? error.message : String(error) };
  }
}

export default async function HomePage() {
  const ready = await readiness();
  return (
    <main>
      <h1>Sendbook inbox</h1>
      <section className="card" aria-label="API status">
        <h2>API</h2>
        <dl>
          <dt>URL</dt>
          <dd>{apiUrl()}</dd>
          <dt>Status</dt>
          <dd className={ready.status === 'ready' ? 'ok' : 'bad'} data-testid="api-status">
            {ready.status}
          </dd>
          {'database' in ready && ready.database ? (
            <>
              <dt>PostgreSQL</dt>
              <dd className={ready.database.ok ? 'ok' : 'bad'}>{ready.database.ok ? `ok (${ready.database.latency_ms} ms)` : ready.database.error}</dd>
            </>
          ) : null}
          {'redis' in ready && ready.redis ? (
            <>
              <dt>Redis</dt>
              <dd className={ready.redis.ok ? 'ok' : 'bad'}>{ready.redis.ok ? `ok (${ready.redis.latency_ms} ms)` : ready.redis.error}</dd>
            </>
          ) : null}
          {'error' in ready ? (
            <>
              <dt>Error</dt>
              <dd className="bad">{ready.error}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <p>Threads, work queues and queue-health dashboards arrive with the inbox issues.</p>
    </main>
  );
}
