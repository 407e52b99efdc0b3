import type { Metadata } from 'next';
import { CampaignView } from '@/features/campaigns/components/campaign-view';
import { fetchCampaignPage } from '@/features/campaigns/campaigns.queries';
import { loadAll } from '@/lib/server-api';

type Params = Promise<{ campaign: string }>;

// Next hands the segment over still percent-encoded; the tag itself may hold any characters.
const tagOf = async (params: Params) => decodeURIComponent((await params).campaign);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `${await tagOf(params)} · Campaigns` };
}

export default async function CampaignPage({ params }: { params: Params }) {
  const name = await tagOf(params);
  return <CampaignView key={name} name={name} initial={await loadAll((api) => fetchCampaignPage(api, name))} />;
}
