import type { Metadata } from 'next';
import { CampaignsList } from '@/features/campaigns/components/campaigns-list';
import { fetchCampaigns } from '@/features/campaigns/campaigns.queries';
import { load } from '@/lib/server-api';

export const metadata: Metadata = { title: 'Campaigns' };

export default async function Campaigns() {
  return <CampaignsList initial={await load(fetchCampaigns)} />;
}
