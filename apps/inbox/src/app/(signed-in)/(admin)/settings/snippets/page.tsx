import type { Metadata } from 'next';
import { SnippetsPage } from '@/features/snippets/components/snippets-page';
import { fetchSnippets } from '@/features/snippets/snippets.queries';
import { load } from '@/lib/server-api';

export const metadata: Metadata = { title: 'Snippets' };

export default async function Snippets() {
  return <SnippetsPage initial={await load(fetchSnippets)} />;
}
