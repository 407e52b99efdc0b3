'use client';

import type { Snippet } from '@sendbook/api-contract';
import { Page, PageDescription } from '@/components/page';
import { QueryContent } from '@/components/query-content';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import type { Loaded } from '@/lib/server-api';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { useSnippetMutations } from '../hooks/use-snippet-mutations';
import { snippetsQuery } from '../snippets.queries';
import { SnippetForm } from './snippet-form';
import styles from './snippets.module.css';

/** The saved answers agents insert by typing `/` in the composer; admins add and delete them here. */
export function SnippetsPage({ initial }: { initial: Loaded<{ data: Snippet[]; variables: Snippet['variables'] }> }) {
  const query = useSeededQuery(snippetsQuery(), initial);
  const snippets = query.data?.data ?? [];
  const { create, remove } = useSnippetMutations();
  return (
    <Page title="Snippets" subtitle="Saved answers">
      <PageDescription>Agents type / in the Message box to insert one; its variables are filled for the conversation at hand.</PageDescription>
      <SnippetForm create={create} variables={query.data?.variables ?? []} />
      <QueryContent
        query={query}
        loading="Loading snippets…"
        isEmpty={snippets.length === 0}
        empty={{ icon: 'info', title: 'No snippets yet', body: 'Save the answers your team writes again and again; agents then insert them with /.' }}
      >
        <Table label="Snippets">
          <thead>
            <tr>
              <Th>Title</Th>
              <Th>Text</Th>
              <Th>
                <span className="visually-hidden">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {snippets.map((snippet) => (
              <tr key={snippet.id}>
                <Td>
                  <span className={styles.title}>{snippet.title}</span>
                </Td>
                <Td wrap>
                  <span className={styles.text}>{snippet.text}</span>
                </Td>
                <Td>
                  <Button
                    size="sm"
                    onClick={() => remove.mutate(snippet)}
                    busy={remove.isPending && remove.variables?.id === snippet.id}
                    aria-label={`Delete ${snippet.title}`}
                  >
                    Delete
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </QueryContent>
    </Page>
  );
}
