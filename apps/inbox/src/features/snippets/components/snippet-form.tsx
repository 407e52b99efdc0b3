'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { TextArea, TextField } from '@/components/ui/field';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import type { useSnippetMutations } from '../hooks/use-snippet-mutations';
import styles from './snippets.module.css';

/** A new saved answer: its title and text, variables named in the hint. */
export function SnippetForm({ create, variables }: { create: ReturnType<typeof useSnippetMutations>['create']; variables: readonly string[] }) {
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { title: title.trim(), text },
      {
        onSuccess: () => {
          setTitle('');
          setText('');
        },
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label="New snippet">
      <TextField label="Title" value={title} maxLength={100} required onChange={(e) => setTitle(e.target.value)} />
      <TextArea
        label="Text"
        value={text}
        maxLength={4096}
        rows={4}
        required
        hint={`Variables filled when an agent inserts it: ${variables.map((v) => `{{${v}}}`).join(', ')}`}
        onChange={(e) => setText(e.target.value)}
      />
      {create.isError ? (
        <Callout tone="danger" role="alert" title="Not saved">
          {problemDetail(toProblem(create.error))}
        </Callout>
      ) : null}
      <div>
        <Button type="submit" variant="primary" busy={create.isPending} disabled={create.isPending || title.trim() === '' || text.trim() === ''}>
          Save snippet
        </Button>
      </div>
    </form>
  );
}
