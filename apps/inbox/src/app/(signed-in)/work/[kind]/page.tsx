import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getSession } from '@/features/auth/auth.server';
import { WorkQueue } from '@/features/work-queues/components/work-queue';
import { fetchWorkItems, type WorkItems } from '@/features/work-queues/work-queues.queries';
import { load, type Loaded } from '@/lib/server-api';
import { parseWorkFilters, workFiltersSearch } from '@/lib/work-filters';
import { isWorkKind, workKind } from '@/lib/work-kinds';

type Params = Promise<{ kind: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { kind } = await params;
  return { title: isWorkKind(kind) ? `${workKind(kind).title} · Work` : 'Work' };
}

export default async function WorkPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { kind } = await params;
  if (!isWorkKind(kind)) notFound();
  const search = await searchParams;
  const filters = parseWorkFilters(search);
  const item = typeof search.item === 'string' && /^[0-9a-f-]{36}$/i.test(search.item) ? search.item : null;
  const [initial, session] = await Promise.all([load((api) => fetchWorkItems(api, kind, filters)) as Promise<Loaded<WorkItems>>, getSession()]);
  const canResolve = session.status === 'signed_in' && session.staff.role === 'admin';
  return <WorkQueue key={`${kind}${workFiltersSearch(filters)}`} kind={kind} filters={filters} initial={initial} canResolve={canResolve} initialItem={item} />;
}
