import type { Metadata } from 'next';
import { NewTemplatePage } from '@/features/templates/components/new-template-page';

export const metadata: Metadata = { title: 'New template' };

export default function NewTemplate() {
  return <NewTemplatePage />;
}
