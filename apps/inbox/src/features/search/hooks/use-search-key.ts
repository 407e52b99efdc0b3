'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { isTypingTarget } from '@/lib/shortcuts';

/** The element the `/` key focuses when it is on screen (the search page's box). */
export const SEARCH_BOX_ATTRIBUTE = 'data-search-box';

/**
 * `/` anywhere in the shell: to the search box, on the search page, or to the search page. Never
 * while typing in a field (the composer's `/` opens the snippets), with a modifier, or over a dialog.
 */
export function useSearchKey(): void {
  const router = useRouter();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target as HTMLElement | null)) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      event.preventDefault();
      const box = document.querySelector<HTMLInputElement>(`[${SEARCH_BOX_ATTRIBUTE}]`);
      if (box) {
        box.focus();
        box.select();
      } else router.push('/search');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [router]);
}
