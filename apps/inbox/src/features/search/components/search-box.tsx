'use client';

import { Icon } from '@/components/ui/icon';
import { Kbd } from '@/components/ui/kbd';
import { SEARCH_BOX_ATTRIBUTE } from '../hooks/use-search-key';
import { SEARCH_MAX } from '../search.queries';
import styles from './search.module.css';

/** The one field of the page: a `searchbox` named "Search messages"; Enter searches at once, Escape clears. */
export function SearchBox({ value, onChange, onSubmit, busy }: { value: string; onChange: (text: string) => void; onSubmit: () => void; busy: boolean }) {
  return (
    <form
      role="search"
      className={styles.box}
      aria-busy={busy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Icon name="search" size={18} className={styles.boxIcon} />
      <label htmlFor="search-messages" className="visually-hidden">
        Search messages
      </label>
      <input
        id="search-messages"
        type="search"
        className={styles.input}
        value={value}
        maxLength={SEARCH_MAX}
        placeholder="Words, a name, part of a number, a wamid, a dedupe key…"
        autoComplete="off"
        spellCheck={false}
        // The page is for searching: the caret is in the box when it opens.
        autoFocus
        {...{ [SEARCH_BOX_ATTRIBUTE]: '' }}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value !== '') {
            event.preventDefault();
            onChange('');
          }
        }}
      />
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      <span className={styles.boxKeys} aria-hidden="true">
        <Kbd>/</Kbd>
      </span>
    </form>
  );
}
