'use client';

import { ConfirmActions } from '@/components/confirm-parts';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { useChangeEndpoint, type EndpointChange } from '@/features/event-endpoints/hooks/use-change-endpoint';
import styles from './event-endpoints.module.css';

/** Asks before enabling, disabling or deleting an endpoint, saying what follows. */
export function ChangeEndpointDialog({ asking, onClose, onDeleted }: { asking: EndpointChange; onClose: () => void; onDeleted: (id: string) => void }) {
  const words = changeWords(asking);
  const change = useChangeEndpoint(asking, words.done, onDeleted, onClose);
  return (
    <DialogRoot open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent title={words.title} description={words.description}>
        <div className={styles.form}>
          <ConfirmActions
            error={change.isError ? change.error : null}
            errorTitle="It did not work"
            busy={change.isPending}
            danger={asking.kind === 'delete'}
            onBack={onClose}
            onConfirm={() => change.mutate()}
          />
        </div>
      </DialogContent>
    </DialogRoot>
  );
}

function changeWords({ kind, endpoint }: EndpointChange): { title: string; description: string; done: string } {
  if (kind === 'delete')
    return {
      title: `Delete ${endpoint.url}`,
      description: 'Nothing more is sent to it, and what it was still owed is dropped with its delivery history.',
      done: 'Endpoint deleted',
    };
  return endpoint.enabled
    ? {
        title: `Disable ${endpoint.url}`,
        description: 'Nothing is sent to it meanwhile; Recover sends what it missed once it is enabled again.',
        done: 'Endpoint disabled',
      }
    : {
        title: `Enable ${endpoint.url}`,
        description: 'What it is still owed is sent, in order, and its failure alert is resolved.',
        done: 'Endpoint enabled',
      };
}
