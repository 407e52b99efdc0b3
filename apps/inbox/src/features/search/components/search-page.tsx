'use client';

import { useSearchParams } from 'next/navigation';
import { useRef } from 'react';
import { Page } from '@/components/page';
import { ProblemState } from '@/components/problem-state';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { Loading } from '@/components/ui/skeleton';
import { State } from '@/components/ui/state';
import type { Loaded } from '@/lib/server-api';
import { useRowFocusKeys } from '@/features/conversations/hooks/use-row-focus-keys';
import { useSearchInput } from '../hooks/use-search-input';
import { useSearchResults } from '../hooks/use-search-results';
import type { SearchPage as SearchPageData } from '../search.queries';
import { SearchBox } from './search-box';
import { SearchResultRow } from './search-result-row';
import styles from './search.module.css';

/**
 * Search every conversation: what customers wrote and what was sent, notes, names, numbers and
 * ids, newest first. The query lives in the URL (`/search?q=`), so a search is a link; each result
 * opens its thread at that message. j / k move through the results, Enter opens one.
 */
export function SearchPage({ initial }: { initial: { q: string; loaded: Loaded<SearchPageData> } | null }) {
  const q = (useSearchParams().get('q') ?? '').trim();
  const input = useSearchInput(q);
  const { query, results, problem } = useSearchResults(q, initial);
  const listRef = useRef<HTMLUListElement>(null);
  useRowFocusKeys(listRef);
  const searching = q !== '' && (query.isFetching || input.text.trim() !== q) && !query.isFetchingNextPage;

  return (
    <Page title="Search" subtitle="Every conversation, newest first" bodyClassName={styles.body}>
      <SearchBox value={input.text} onChange={input.setText} onSubmit={input.submit} busy={searching} />
      <p className={styles.summary} aria-live="polite">
        {q === '' || !query.data ? '' : results.length === 0 ? '' : query.hasNextPage ? `The newest ${results.length} results` : resultCount(results.length)}
      </p>
      {q === '' ? (
        <Intro />
      ) : problem && !query.data ? (
        <ProblemState problem={problem} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data || (query.isPlaceholderData && results.length === 0) ? (
        <Loading label="Searching…" rows={6} />
      ) : results.length === 0 ? (
        <State role="status" icon="search" title={`No messages match “${q}”`} compact>
          Try fewer words or the beginning of a word; numbers and ids are found by any part of 3 characters or more.
        </State>
      ) : (
        <>
          <ul ref={listRef} className={styles.list} aria-label={`Results for ${q}`} aria-busy={query.isPlaceholderData || undefined}>
            {results.map((result) => (
              <SearchResultRow key={`${result.kind}:${result.id}`} result={result} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className={styles.more}>
              <Button size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} busy={query.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          ) : null}
          {query.isFetchNextPageError ? (
            <p role="alert" className={styles.hint}>
              Could not load more results. Try again.
            </p>
          ) : null}
          <p className={styles.hint} aria-hidden="true">
            <Kbd>J</Kbd> <Kbd>K</Kbd> move · <Kbd>↵</Kbd> open at the message · <Kbd>/</Kbd> search again
          </p>
        </>
      )}
    </Page>
  );
}

function resultCount(n: number): string {
  return n === 1 ? '1 result' : `${n} results`;
}

/** Before anything is typed: what can be found. */
function Intro() {
  return (
    <State icon="search" title="Search every conversation" compact>
      Words a customer wrote or you sent (texts, captions, buttons, templates), notes, names, and any part of a phone number, wamid, dedupe key or trigger ref.
      Press / anywhere to come back here.
      <ul className={styles.examples} aria-label="For example">
        <li>refund</li>
        <li>Dana Levi</li>
        <li>50123</li>
        <li>orders/44812</li>
        <li>wamid.HBgL…</li>
      </ul>
    </State>
  );
}
