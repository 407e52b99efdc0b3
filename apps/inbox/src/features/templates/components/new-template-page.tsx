'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Page, PageDescription } from '@/components/page';
import { emptyDraftForm } from '@/lib/template-draft';
import { TemplateEditor } from './template-editor';

/** A new template for Meta's review (admins): the template form, empty. */
export function NewTemplatePage() {
  const [initial] = useState(emptyDraftForm);
  return (
    <Page title="New template" subtitle={<Link href="/templates">All templates</Link>}>
      <PageDescription>
        Write a message template and submit it to Meta for review. It can be sent to customers outside the 24-hour window once Meta approves it, usually within
        minutes; a rejection says why. Variables such as {'{{1}}'} are filled in for each customer; Meta needs an example value for each.
      </PageDescription>
      <TemplateEditor mode={{ kind: 'new' }} initial={initial} />
    </Page>
  );
}
