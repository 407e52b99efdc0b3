import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { State } from '@/components/ui/state';

export default function SignedInNotFound() {
  return (
    <State
      icon="search"
      title="No such page"
      headingLevel={1}
      actions={
        <Button asChild variant="primary">
          <Link href="/conversations">Go to conversations</Link>
        </Button>
      }
    >
      The link may be wrong or out of date.
    </State>
  );
}
