'use client';

import type { Template } from '@sendbook/api-contract';
import Link from 'next/link';
import { useState } from 'react';
import { useClock } from '@/components/clock';
import { Page, PageDescription } from '@/components/page';
import { ProblemState } from '@/components/problem-state';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/skeleton';
import { State } from '@/components/ui/state';
import type { Loaded } from '@/lib/server-api';
import { templateEditVerdict, templateStatusTone } from '@/lib/template-display';
import { fromDraft } from '@/lib/template-draft';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { templatesQuery } from '../templates.queries';
import { TemplateEditor } from './template-editor';

/**
 * An existing template edited as Meta allows (admins): the template form, filled from the stored
 * template, its name and language fixed. When Meta would refuse any edit now (its state, its edit
 * limit) or the form cannot hold all of it, the page says why instead of showing a form that would
 * fail. Read from the registry list (`GET /v1/templates`), so it follows Meta's webhooks live.
 */
export function EditTemplatePage({ id, initial }: { id: string; initial: Loaded<{ data: Template[] }> }) {
  const query = useSeededQuery(templatesQuery(), initial);
  const template = query.data?.data.find((t) => t.id === id);
  const { now } = useClock();
  // Once submitted the template is PENDING: the form stays until the list is on screen.
  const [submitted, setSubmitted] = useState(false);
  const verdict = template ? templateEditVerdict(template, now) : null;
  return (
    <Page
      title={template ? `Edit ${template.name}` : 'Edit template'}
      subtitle={
        template ? (
          <>
            {template.language} · <Link href="/templates">All templates</Link>
          </>
        ) : (
          <Link href="/templates">All templates</Link>
        )
      }
      actions={
        template ? (
          <Badge tone={templateStatusTone(template.status)} dot>
            {template.status}
          </Badge>
        ) : undefined
      }
    >
      {query.problem && !query.data ? (
        <ProblemState problem={query.problem} onRetry={query.retry} retrying={query.isFetching} />
      ) : !query.data ? (
        <Loading label="Loading the template…" />
      ) : !template ? (
        <State
          role="alert"
          icon="search"
          title="No such template"
          actions={
            <Button asChild>
              <Link href="/templates">All templates</Link>
            </Button>
          }
        >
          No template with the id {id} is in the registry: it may have been deleted at Meta, or the link is wrong.
        </State>
      ) : verdict && !verdict.editable && !submitted ? (
        <State
          role="status"
          icon={verdict.until ? 'clock' : 'info'}
          title={verdict.title}
          actions={
            <Button asChild>
              <Link href="/templates">All templates</Link>
            </Button>
          }
        >
          {verdict.words}
          {verdict.until ? (
            <>
              {' '}
              It can be edited again <Time at={verdict.until} />.
            </>
          ) : null}
        </State>
      ) : (
        <EditForm template={template} onSubmitted={() => setSubmitted(true)} />
      )}
    </Page>
  );
}

/** The form, filled once from the template as it was when the page opened: later webhooks do not overwrite what the admin typed. */
function EditForm({ template, onSubmitted }: { template: Template; onSubmitted: () => void }) {
  const [initial] = useState(() => fromDraft(template));
  const approved = template.status.toUpperCase() === 'APPROVED';
  return (
    <>
      <PageDescription>
        Change the template and submit it to Meta for review again. Meta keeps its name and language{approved ? ', and an approved template’s category' : ''}.
        Until Meta approves the change, usually within minutes, it is PENDING and cannot be sent; a rejection says why.
        {approved ? ' Meta allows editing an approved template once in 24 hours and 10 times in 30 days.' : ''}
      </PageDescription>
      <TemplateEditor key={template.id} mode={{ kind: 'edit', template, onSubmitted }} initial={initial} />
    </>
  );
}
