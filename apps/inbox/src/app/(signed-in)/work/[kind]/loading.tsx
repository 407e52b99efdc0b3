import { Loading } from '@/components/ui/skeleton';

export default function WorkLoading() {
  return (
    <div style={{ padding: 'var(--space-5)' }}>
      <Loading label="Loading the work queue…" rows={8} />
    </div>
  );
}
