import type { Metadata } from 'next';
import { TemplatesPage } from '@/features/templates/components/templates-page';
import { fetchTemplates } from '@/features/templates/templates.queries';
import { load } from '@/lib/server-api';

export const metadata: Metadata = { title: 'Templates' };

export default async function Templates() {
  return <TemplatesPage initial={await load(fetchTemplates)} />;
}
