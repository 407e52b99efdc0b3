import { Loading } from '@/components/ui/skeleton';

export default function SignedInLoading() {
  return (
    <div style={{ padding: 'var(--space-5)' }}>
      <Loading label="Loading…" />
    </div>
  );
}
