import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { WorkQueue } from '../../../../features/work-queues/components/work-queue';
import { fetchWorkItems } from '../../../../features/work-queues/work-queues.queries';
import { load } from '../../../../lib/server-api';
import { isWorkKind, workKind } from '../../../../lib/work-kinds';

type Params = Promise<{ kind: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { kind } = await params;
  return { title: isWorkKind(kind) ? `${workKind(kind).title} · Work` : 'Work' };
}

export default async function WorkPage({ params }: { params: Params }) {
  const { kind } = await params;
  if (!isWorkKind(kind)) notFound();
  const initial = await load((api) => fetchWorkItems(api, kind));
  return <WorkQueue key={kind} kind={kind} initial={initial} />;
}
