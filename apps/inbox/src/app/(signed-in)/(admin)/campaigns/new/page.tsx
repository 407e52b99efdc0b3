import type { Metadata } from 'next';
import { NewCampaignPage } from '@/features/campaigns/components/new-campaign-page';

export const metadata: Metadata = { title: 'New campaign' };

export default function NewCampaign() {
  return <NewCampaignPage />;
}
