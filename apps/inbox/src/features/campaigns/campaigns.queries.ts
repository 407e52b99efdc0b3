import { browserApi, unwrap, type Api } from '@/lib/api';

/** Campaigns (admins): `GET /v1/campaigns` and `GET /v1/campaigns/{campaign}`, refreshed while open: they move as messages are sent. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: ['campaigns', 'list'] as const,
  one: (campaign: string) => ['campaigns', 'one', campaign] as const,
};

const REFRESH_MS = 15_000;

export function fetchCampaigns(api: Api) {
  return api.client.GET('/v1/campaigns', { params: { query: { limit: 200 } } });
}

export function fetchCampaign(api: Api, campaign: string) {
  return api.client.GET('/v1/campaigns/{campaign}', { params: { path: { campaign } } });
}

export const campaignsQuery = () => ({
  queryKey: campaignKeys.list,
  queryFn: () => unwrap(fetchCampaigns(browserApi())),
  refetchInterval: REFRESH_MS,
});

export const campaignQuery = (campaign: string) => ({
  queryKey: campaignKeys.one(campaign),
  queryFn: () => unwrap(fetchCampaign(browserApi(), campaign)),
  refetchInterval: REFRESH_MS,
});
