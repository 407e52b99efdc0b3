import type { Metadata } from 'next';
import { CampaignsList } from '@/features/campaigns/components/campaigns-list';
import { fetchCampaignList } from '@/features/campaigns/campaigns.queries';
import { loadAll } from '@/lib/server-api';

export const metadata: Metadata = { title: 'Campaigns' };

export default async function Campaigns() {
  return <CampaignsList initial={await loadAll(fetchCampaignList)} />;
}
