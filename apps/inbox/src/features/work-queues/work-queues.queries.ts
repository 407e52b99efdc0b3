import type { AlertWorkItem, InboundWorkItem, MessageWorkItem, PoisonWebhookWorkItem, WaitingCustomerWorkItem } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '@/lib/api';
import { idempotencyHeaders } from '@/lib/request-id';
import { workFiltersSearch, workItemsQuery, type WorkFilters } from '@/lib/work-filters';
import type { WorkKind } from '@/lib/work-kinds';

/**
 * The work queues: `GET /v1/work-items` one cursor page at a time, the counts for the navigation,
 * and what an item's detail needs (its trail, its statuses, its candidates, its stored body).
 * Keys start with `['work-items', kind]`, so a `work_item.changed` event refreshes all of a queue.
 */
export const workKeys = {
  all: ['work-items'] as const,
  counts: ['work-items', 'counts'] as const,
  kind: (kind: WorkKind) => ['work-items', kind] as const,
  list: (kind: WorkKind, filters: WorkFilters) => ['work-items', kind, 'list', workFiltersSearch(filters)] as const,
  detail: (kind: WorkKind, id: string, part: string) => ['work-items', kind, 'detail', id, part] as const,
};

export type WorkItem = MessageWorkItem | InboundWorkItem | PoisonWebhookWorkItem | AlertWorkItem | WaitingCustomerWorkItem;
export type WorkItems = { kind: WorkKind; status: 'open' | 'resolved'; data: WorkItem[]; next_cursor: string | null };

export const WORK_PAGE = 50;

export function fetchWorkItems(api: Api, kind: WorkKind, filters: WorkFilters, cursor?: string | null) {
  return api.client.GET('/v1/work-items', { params: { query: workItemsQuery(kind, filters, WORK_PAGE, cursor) } });
}

export const workListQuery = (kind: WorkKind, filters: WorkFilters) => ({
  queryKey: workKeys.list(kind, filters),
  queryFn: ({ pageParam }: { pageParam: string | null }): Promise<WorkItems> =>
    unwrap(fetchWorkItems(browserApi(), kind, filters, pageParam)) as Promise<WorkItems>,
  initialPageParam: null as string | null,
  getNextPageParam: (last: WorkItems) => last.next_cursor,
  // Work queues matter most when nobody is looking at a thread: keep them fresh even without events.
  refetchInterval: 30_000,
});

export function fetchWorkCounts(api: Api) {
  return api.client.GET('/v1/work-items/counts');
}

export const workCountsQuery = () => ({
  queryKey: workKeys.counts,
  queryFn: () => unwrap(fetchWorkCounts(browserApi())),
  refetchInterval: 30_000,
});

export const messageHistoryQuery = (kind: WorkKind, id: string) => ({
  queryKey: workKeys.detail(kind, id, 'history'),
  queryFn: () => unwrap(browserApi().client.GET('/v1/messages/{id}/history', { params: { path: { id } } })),
});

export const messageStatusesQuery = (kind: WorkKind, id: string) => ({
  queryKey: workKeys.detail(kind, id, 'statuses'),
  queryFn: () => unwrap(browserApi().client.GET('/v1/messages/{id}/statuses', { params: { path: { id } } })),
});

export const candidatesQuery = (id: string) => ({
  queryKey: workKeys.detail('unattributed_inbound', id, 'candidates'),
  queryFn: () => unwrap(browserApi().client.GET('/v1/inbound/{id}/candidates', { params: { path: { id } } })),
});

export const attributionHistoryQuery = (id: string) => ({
  queryKey: workKeys.detail('unattributed_inbound', id, 'history'),
  queryFn: () => unwrap(browserApi().client.GET('/v1/inbound/{id}/history', { params: { path: { id } } })),
});

export const deliveryQuery = (id: string) => ({
  queryKey: workKeys.detail('poison_webhook', id, 'delivery'),
  queryFn: () => unwrap(browserApi().client.GET('/v1/webhooks/deliveries/{id}', { params: { path: { id } } })),
});

export const approvedTemplatesQuery = () => ({
  queryKey: ['templates', 'approved'] as const,
  queryFn: () => unwrap(browserApi().client.GET('/v1/templates', { params: { query: { status: 'APPROVED' } } })),
});

/** What the action dialog sends: the action, the note, and what some actions need besides. */
export interface ActionInput {
  readonly item: WorkItem;
  readonly action: string;
  readonly note: string;
  readonly requestId: string;
  /** attribute: a message it answers, or null for the thread only. */
  readonly messageId?: string | null;
  /** release: a template send (`{name, language, components}`), or null for the message's own fallback. */
  readonly template?: Record<string, unknown> | null;
}

/** One action on one item, through the route that owns it. Every call carries the dialog's idempotency key. */
export async function runAction(input: ActionInput): Promise<unknown> {
  const { client } = browserApi();
  const headers = idempotencyHeaders(input.requestId);
  const { item, note } = input;
  const id = item.id;
  switch (input.action) {
    case 'retry':
    case 'mark_sent':
    case 'cancel':
      return unwrap(client.POST('/v1/messages/{id}/resolve', { params: { path: { id } }, body: { action: input.action, note }, headers }));
    case 'resend':
      return unwrap(client.POST('/v1/messages/{id}/resend', { params: { path: { id } }, body: { note }, headers }));
    case 'release':
      return unwrap(
        client.POST('/v1/messages/{id}/release', { params: { path: { id } }, body: input.template ? { template: input.template, note } : { note }, headers }),
      );
    case 'dismiss':
      return unwrap(client.POST('/v1/work-items/{kind}/{id}/dismiss', { params: { path: { kind: item.kind, id } }, body: { note }, headers }));
    case 'replay':
      return unwrap(client.POST('/v1/webhooks/replay', { body: { ids: [id], include_poison: true, note }, headers }));
    case 'resolve':
      return unwrap(client.POST('/v1/alerts/{id}/resolve', { params: { path: { id } }, body: { note }, headers }));
    case 'attribute': {
      if (item.kind !== 'unattributed_inbound') throw new Error('only an inbound message is attributed');
      const target = input.messageId ? { message_id: input.messageId } : { conversation_id: item.inbound.conversation_id ?? undefined };
      return unwrap(client.POST('/v1/inbound/{id}/attribute', { params: { path: { id } }, body: { ...target, note }, headers }));
    }
    default:
      throw new Error(`unknown action ${input.action}`);
  }
}

export interface BulkInput {
  readonly kind: WorkKind;
  readonly action: string;
  readonly filters: Record<string, string>;
  readonly note?: string;
  readonly dryRun: boolean;
  readonly expected?: number;
  readonly requestId: string;
}

export function runBulk(input: BulkInput) {
  return unwrap(
    browserApi().client.POST('/v1/work-items/{kind}/bulk', {
      params: { path: { kind: input.kind } },
      body: { action: input.action as never, ...input.filters, ...(input.dryRun ? { dry_run: true } : { expected: input.expected, note: input.note }) },
      headers: idempotencyHeaders(input.requestId),
    }),
  );
}

/** The dry run: how many items the filters select, or the API's maximum when they select too many. */
export async function countBulk(
  input: Omit<BulkInput, 'dryRun' | 'expected' | 'note'>,
): Promise<{ kind: 'counted'; count: number } | { kind: 'too_wide'; message: string }> {
  const result = await browserApi().client.POST('/v1/work-items/{kind}/bulk', {
    params: { path: { kind: input.kind } },
    body: { action: input.action as never, ...input.filters, dry_run: true },
    headers: idempotencyHeaders(input.requestId),
  });
  if (result.response.ok && result.data) return { kind: 'counted', count: result.data.count };
  const details = (result.error as { details?: { field?: string; message?: string }[] } | undefined)?.details ?? [];
  const tooWide = details.find((d) => d.field === 'filter');
  if (result.response.status === 400 && tooWide) return { kind: 'too_wide', message: tooWide.message ?? '' };
  return unwrap(Promise.resolve(result)).then(() => ({ kind: 'counted' as const, count: 0 }));
}
