import type { Campaign, CampaignRun, CampaignSummary } from '@sendbook/api-contract';
import { ApiError, browserApi, unwrap, type Api } from '@/lib/api';
import { fetchCampaignRun } from './campaign-runs.queries';

/** Campaigns (admins): `GET /v1/campaigns` and `GET /v1/campaigns/{campaign}`, refreshed while open: they move as messages are sent. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: ['campaigns', 'list'] as const,
  one: (campaign: string) => ['campaigns', 'one', campaign] as const,
};

const REFRESH_MS = 15_000;
/** A started campaign moves every second: its page follows it closely. */
const LIVE_MS = 3_000;

export function fetchCampaigns(api: Api) {
  return api.client.GET('/v1/campaigns', { params: { query: { limit: 200 } } });
}

export function fetchCampaign(api: Api, campaign: string) {
  return api.client.GET('/v1/campaigns/{campaign}', { params: { path: { campaign } } });
}

/** The list: every campaign tag with its messages, and the campaigns admins started (which may have none written yet). */
export interface CampaignListData {
  tags: CampaignSummary[];
  more: boolean;
  runs: CampaignRun[];
}

export async function fetchCampaignList(api: Api): Promise<CampaignListData> {
  const [tags, runs] = await Promise.all([unwrap(fetchCampaigns(api)), unwrap(api.client.GET('/v1/campaigns/runs'))]);
  return { tags: tags.data, more: tags.next_cursor !== null, runs: runs.data };
}

export const campaignsQuery = () => ({
  queryKey: campaignKeys.list,
  queryFn: () => fetchCampaignList(browserApi()),
  refetchInterval: REFRESH_MS,
});

/**
 * A campaign's page reads two things, either of which may not exist (yet): the messages tagged with
 * its name (none until the workers write the first batch of a started campaign; an integrator's tag
 * has no run), and the run an admin started. "Not found" is null here, not an error.
 */
export interface CampaignPageData {
  messages: Campaign | null;
  run: CampaignRun | null;
}

async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.problem.kind === 'not_found') return null;
    throw error;
  }
}

export async function fetchCampaignPage(api: Api, campaign: string): Promise<CampaignPageData> {
  const [messages, run] = await Promise.all([orNull(unwrap(fetchCampaign(api, campaign))), orNull(unwrap(fetchCampaignRun(api, campaign)))]);
  return { messages: messages?.campaign ?? null, run: run?.campaign ?? null };
}

export const campaignQuery = (campaign: string, live: boolean) => ({
  queryKey: campaignKeys.one(campaign),
  queryFn: () => fetchCampaignPage(browserApi(), campaign),
  refetchInterval: live ? LIVE_MS : REFRESH_MS,
});
