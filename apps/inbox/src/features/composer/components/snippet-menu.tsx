'use client';

import type { Snippet } from '@sendbook/api-contract';
import styles from './composer.module.css';

/** The saved answers matching the `/word` being typed: a listbox the Message box drives with ↑/↓ and Enter. */
export function SnippetMenu({
  items,
  active,
  query,
  onChoose,
}: {
  items: readonly Snippet[];
  active: number;
  query: string;
  onChoose: (snippet: Snippet) => void;
}) {
  return (
    <div className={styles.snippets}>
      {items.length === 0 ? (
        <p className={styles.snippetsEmpty} role="status">
          No snippet matches “{query}”.
        </p>
      ) : (
        <ul role="listbox" aria-label="Snippets" className={styles.snippetList}>
          {items.map((snippet, i) => (
            <li
              key={snippet.id}
              id={`snippet-${snippet.id}`}
              role="option"
              aria-selected={i === active}
              className={styles.snippet}
              // Chosen on mousedown, before the textbox loses focus.
              onMouseDown={(event) => {
                event.preventDefault();
                onChoose(snippet);
              }}
            >
              <span className={styles.snippetTitle}>{snippet.title}</span>
              <span className={styles.snippetText}>{snippet.text}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
