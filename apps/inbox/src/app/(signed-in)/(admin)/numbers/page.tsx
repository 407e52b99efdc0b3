import type { Metadata } from 'next';
import { NumbersPage } from '@/features/numbers/components/numbers-page';
import { fetchNumbers } from '@/features/numbers/numbers.queries';
import { load } from '@/lib/server-api';

export const metadata: Metadata = { title: 'Numbers' };

export default async function Numbers() {
  return <NumbersPage initial={await load(fetchNumbers)} />;
}
