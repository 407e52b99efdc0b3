import type { Metadata } from 'next';
import { EditTemplatePage } from '@/features/templates/components/edit-template-page';
import { fetchTemplates } from '@/features/templates/templates.queries';
import { load } from '@/lib/server-api';

export const metadata: Metadata = { title: 'Edit template' };

type Params = Promise<{ id: string }>;

/** `/templates/{id}/edit`: Meta's template id; the template is read from the registry list, which also tells when it is not there. */
export default async function EditTemplate({ params }: { params: Params }) {
  const id = decodeURIComponent((await params).id);
  return <EditTemplatePage key={id} id={id} initial={await load(fetchTemplates)} />;
}
