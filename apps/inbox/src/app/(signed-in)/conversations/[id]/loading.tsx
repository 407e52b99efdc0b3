import { Loading } from '@/components/ui/skeleton';

export default function ConversationLoading() {
  return (
    <div style={{ padding: 'var(--space-5)' }}>
      <Loading label="Loading the conversation…" rows={5} />
    </div>
  );
}
