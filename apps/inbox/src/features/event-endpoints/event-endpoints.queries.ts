import type { EventDelivery, EventEndpoint, EventEndpointFilter } from '@sendbook/api-contract';
import { browserApi, unwrap, type Api } from '@/lib/api';
import { idempotencyHeaders } from '@/lib/request-id';

/** Event endpoints (admins): `GET /v1/event-endpoints` and an endpoint's deliveries. */
export const eventEndpointKeys = {
  list: ['event-endpoints'] as const,
  deliveries: (id: string) => ['event-endpoints', id, 'deliveries'] as const,
};

export const fetchEventEndpoints = (api: Api) => api.client.GET('/v1/event-endpoints');

export const eventEndpointsQuery = () => ({
  queryKey: eventEndpointKeys.list,
  queryFn: (): Promise<{ data: EventEndpoint[] }> => unwrap(fetchEventEndpoints(browserApi())),
});

export const deliveriesQuery = (id: string) => ({
  queryKey: eventEndpointKeys.deliveries(id),
  queryFn: (): Promise<{ data: EventDelivery[] }> =>
    unwrap(browserApi().client.GET('/v1/event-endpoints/{id}/deliveries', { params: { path: { id }, query: { limit: 50 } } })),
});

export interface NewEventEndpoint {
  readonly url: string;
  readonly events: EventEndpoint['events'];
  readonly description?: string;
  /** `{}` takes every event of its types. */
  readonly filter?: EventEndpointFilter;
  readonly rate_per_second?: number | null;
}

/** Registers an endpoint; the answer holds its signing secret, shown this once. */
export function createEventEndpoint(input: NewEventEndpoint, requestId: string) {
  return unwrap(browserApi().client.POST('/v1/event-endpoints', { body: input, headers: idempotencyHeaders(requestId) }));
}

export function setEventEndpointEnabled(id: string, enabled: boolean, requestId: string) {
  return unwrap(browserApi().client.PATCH('/v1/event-endpoints/{id}', { params: { path: { id } }, body: { enabled }, headers: idempotencyHeaders(requestId) }));
}

/** Changes an endpoint's URL, types, description, filter and rate (the filter is replaced whole; `{}` removes it). */
export function updateEventEndpoint(id: string, change: Partial<NewEventEndpoint>, requestId: string) {
  return unwrap(browserApi().client.PATCH('/v1/event-endpoints/{id}', { params: { path: { id } }, body: change, headers: idempotencyHeaders(requestId) }));
}

/** A new signing secret, shown this once; the old one keeps signing for `keepOldForHours`. */
export function rotateEventEndpointSecret(id: string, keepOldForHours: number, requestId: string) {
  return unwrap(
    browserApi().client.POST('/v1/event-endpoints/{id}/rotate-secret', {
      params: { path: { id } },
      body: { keep_old_for_hours: keepOldForHours },
      headers: idempotencyHeaders(requestId),
    }),
  );
}

export async function deleteEventEndpoint(id: string, requestId: string): Promise<void> {
  await unwrap(browserApi().client.DELETE('/v1/event-endpoints/{id}', { params: { path: { id } }, headers: idempotencyHeaders(requestId) }));
}

export function replayDelivery(id: string, deliveryId: string, requestId: string) {
  return unwrap(
    browserApi().client.POST('/v1/event-endpoints/{id}/deliveries/{delivery_id}/replay', {
      params: { path: { id, delivery_id: deliveryId } },
      headers: idempotencyHeaders(requestId),
    }),
  );
}

export function recoverEvents(id: string, since: string, requestId: string) {
  return unwrap(
    browserApi().client.POST('/v1/event-endpoints/{id}/recover', { params: { path: { id } }, body: { since }, headers: idempotencyHeaders(requestId) }),
  );
}
