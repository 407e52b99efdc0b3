import type { Metadata } from 'next';
import { EventEndpointsPage } from '@/features/event-endpoints/components/event-endpoints-page';
import { fetchEventEndpoints } from '@/features/event-endpoints/event-endpoints.queries';
import { load } from '@/lib/server-api';

export const metadata: Metadata = { title: 'Event endpoints' };

export default async function EventEndpointsRoute() {
  return <EventEndpointsPage initial={await load(fetchEventEndpoints)} />;
}
