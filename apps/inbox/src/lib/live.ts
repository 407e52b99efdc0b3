'use client';

import type { TimelineEntry } from '@sendbook/api-contract';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { browserApi } from './api';
import { keysFor, soonKeysFor } from './live-keys';
import { tickEvent, withTick } from './live-patch';

/**
 * The one place live events reach the query cache. `GET /v1/events` (server-sent events, passed
 * through unbuffered by app/v1/events/route.ts) says what changed; we invalidate the queries that
 * show it and the visible ones refetch, so an event whose shape changes can make the inbox refetch
 * too much, never show something wrong. One thing is patched by hand, because people watch it: a
 * tick moves forward on the thread at once (withTick, never backwards); the refetch confirms it.
 *
 * Reconnecting (Chatwoot's ReconnectService model): EventSource retries by itself and resumes
 * with Last-Event-ID; the API answers `reset` when it cannot resume, and we refetch everything.
 * When the stream closes for good (an error status) we reconnect with backoff, passing the last id
 * we saw, and check the session so a signed-out tab goes to the sign-in page.
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

const EVENTS_URL = '/v1/events';
const MAX_BACKOFF_MS = 30_000;
const BATCH_MS = 250;
/** The slower lane (soonKeysFor): at most one refetch per key in this time, however many events. */
const SOON_MS = 3_000;

/** Who else hears each event as it arrives (the notifications: a chime, a pop-up), beside the cache. */
type LiveListener = (type: string, data: unknown) => void;
const listeners = new Set<LiveListener>();

/** Hear every live event (not `reset`) as it arrives; returns the way to stop. */
export function onLiveEvent(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLiveEvents(): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    let source: EventSource | null = null;
    let lastEventId: string | null = null;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const batch = batcher(queryClient);

    const connect = () => {
      if (stopped) return;
      const url = lastEventId ? `${EVENTS_URL}?${new URLSearchParams({ last_event_id: lastEventId })}` : EVENTS_URL;
      const resuming = lastEventId !== null;
      source = new EventSource(url, { withCredentials: true });
      source.onopen = () => {
        // Nothing to resume from: what changed before the stream opened (while the page loaded, or
        // during a gap) is not in it, so what the page shows is read again once.
        if (!resuming) batch.all();
        attempt = 0;
        setStatus('live');
      };
      source.onerror = () => {
        if (!source) return;
        if (source.readyState === EventSource.CONNECTING) {
          setStatus(navigator.onLine ? 'reconnecting' : 'offline');
          return;
        }
        // Closed for good (an error status such as 401 or 503): check the session, then try again later.
        source.close();
        source = null;
        setStatus(navigator.onLine ? 'reconnecting' : 'offline');
        void browserApi()
          .client.GET('/v1/auth/me')
          .catch(() => undefined);
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
        attempt += 1;
        retryTimer = setTimeout(connect, delay);
      };
      const listen = (type: string) =>
        source?.addEventListener(type, (event) => {
          const message = event as MessageEvent<string>;
          if (message.lastEventId) lastEventId = message.lastEventId;
          if (type === 'reset') return batch.all();
          const data = parse(message.data);
          const tick = type === 'message.status' ? tickEvent(data) : null;
          if (tick)
            queryClient.setQueriesData<{ timeline: TimelineEntry[] }>({ queryKey: ['conversations', 'detail'] }, (thread) =>
              thread && Array.isArray(thread.timeline) ? withTick(thread, tick) : thread,
            );
          batch.add(keysFor(type, data));
          batch.soon(soonKeysFor(type, data));
          for (const listener of listeners) listener(type, data);
        });
      for (const type of [
        'inbound.created',
        'message.status',
        'work_item.changed',
        'conversation.changed',
        'presence.changed',
        'conversation.viewers',
        'team.changed',
        'template.changed',
        'reset',
      ])
        listen(type);
    };

    const online = () => {
      if (!source) {
        clearTimeout(retryTimer);
        connect();
      }
    };
    window.addEventListener('online', online);
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', online);
      source?.close();
      batch.cancel();
    };
  }, [queryClient]);

  return status;
}

/**
 * Bursts of events (32 sends finishing together) become one invalidation per key; the slower
 * lane's keys wait until the first of them is SOON_MS old (a throttle: a steady campaign does not
 * postpone them for ever, as a debounce would).
 */
function batcher(queryClient: QueryClient) {
  let pending: QueryKey[] = [];
  let pendingSoon: QueryKey[] = [];
  let everything = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let soonTimer: ReturnType<typeof setTimeout> | undefined;
  const invalidate = (keys: QueryKey[]) => {
    for (const queryKey of dedupe(keys)) void queryClient.invalidateQueries({ queryKey });
  };
  const flush = () => {
    timer = undefined;
    if (everything) void queryClient.invalidateQueries();
    else invalidate(pending);
    pending = [];
    everything = false;
  };
  const flushSoon = () => {
    soonTimer = undefined;
    invalidate(pendingSoon);
    pendingSoon = [];
  };
  const schedule = () => {
    timer ??= setTimeout(flush, BATCH_MS);
  };
  return {
    add(keys: QueryKey[]) {
      if (keys.length === 0) return;
      pending.push(...keys);
      schedule();
    },
    soon(keys: QueryKey[]) {
      if (keys.length === 0) return;
      pendingSoon.push(...keys);
      soonTimer ??= setTimeout(flushSoon, SOON_MS);
    },
    all() {
      everything = true;
      schedule();
    },
    cancel() {
      clearTimeout(timer);
      clearTimeout(soonTimer);
    },
  };
}

function dedupe(keys: QueryKey[]): QueryKey[] {
  const seen = new Map(keys.map((key) => [JSON.stringify(key), key]));
  return [...seen.values()];
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}
