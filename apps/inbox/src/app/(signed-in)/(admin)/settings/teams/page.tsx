import type { Metadata } from 'next';
import { TeamsPage } from '@/features/teams/components/teams-page';
import { fetchTeams } from '@/features/teams/teams.queries';
import { load } from '@/lib/server-api';

export const metadata: Metadata = { title: 'Teams' };

export default async function Teams() {
  return <TeamsPage initial={await load(fetchTeams)} />;
}
