import { Loading } from '@/components/ui/skeleton';

export default function PageLoading() {
  return (
    <div style={{ padding: 'var(--space-5)' }}>
      <Loading label="Loading…" />
    </div>
  );
}
