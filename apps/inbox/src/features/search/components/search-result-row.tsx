'use client';

import type { SearchResult } from '@sendbook/api-contract';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Time } from '@/components/time';
import { contactLabel, contactNumber, initials } from '@/lib/message-content';
import { kindLabel, matchedLabel, resultHref } from '@/lib/search-result';
import { HighlightedText } from './highlighted-text';
import styles from './search.module.css';

const TONES = { inbound: 'accent', message: 'muted', note: 'warning' } as const;

/** One place the search found, as a link to its thread at that message: who, which side, when, and the words with the match marked. */
export function SearchResultRow({ result }: { result: SearchResult }) {
  const label = contactLabel({ name: result.contact.name, wa_id: result.contact.wa_id, user_id: null });
  const number = contactNumber({ wa_id: result.contact.wa_id, user_id: null });
  const matched = matchedLabel(result.matched);
  return (
    <li>
      <Link href={resultHref(result)} className={styles.result} data-row="" data-kind={result.kind}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(label)}
        </span>
        <span className={styles.who}>
          <span className={styles.name}>{label}</span>
          {number && number !== label ? <span className={styles.number}>{number}</span> : null}
        </span>
        <span className={styles.meta}>
          <Badge tone={TONES[result.kind]}>{kindLabel(result.kind)}</Badge>
          <Time at={result.at} style="compact" past className={styles.time} />
        </span>
        <span className={styles.excerptLine}>
          {matched ? <span className={styles.matched}>{matched}:</span> : null}
          <HighlightedText text={result.excerpt} highlights={result.highlights} className={styles.excerpt} />
        </span>
      </Link>
    </li>
  );
}
