'use client';

import type { Template } from '@sendbook/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { DialogContent, DialogRoot, DialogTrigger } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { newRequestId } from '@/lib/request-id';
import { deleteTemplate, templateKeys } from '../templates.queries';

/** Deletes one language of a template at Meta, after asking: it cannot be undone, and its name is locked for a while at Meta. */
export function DeleteTemplate({ template }: { template: Pick<Template, 'id' | 'name' | 'language'> }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => deleteTemplate(template.id, newRequestId()),
    onSuccess: async () => {
      setOpen(false);
      toast({ tone: 'success', title: `Deleted “${template.name}” (${template.language})` });
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
  return (
    <DialogRoot
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" aria-label={`Delete ${template.name} (${template.language})`}>
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Delete ${template.name} (${template.language})?`}
        description="Meta deletes it at once and it cannot be undone; messages already queued with it will fail, and Meta keeps the name from being reused for a while."
      >
        {remove.isError ? (
          <Callout tone="danger" role="alert" title="Not deleted">
            {problemDetail(toProblem(remove.error))}
          </Callout>
        ) : null}
        <div style={{ display: 'flex', gap: 'var(--space-2)', justifyContent: 'flex-end' }}>
          <Button onClick={() => setOpen(false)}>Keep it</Button>
          <Button variant="danger" busy={remove.isPending} disabled={remove.isPending} onClick={() => remove.mutate()}>
            Delete template
          </Button>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
