import type { Metadata } from 'next';
import { SystemPage } from '@/features/system/components/system-page';
import { fetchBackgroundWork } from '@/features/system/system.queries';
import { load } from '@/lib/server-api';

export const metadata: Metadata = { title: 'System' };

export default async function System() {
  return <SystemPage initial={await load(fetchBackgroundWork)} />;
}
