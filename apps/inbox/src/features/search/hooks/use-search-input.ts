'use client';

import { useEffect, useState } from 'react';
import { searchHref } from '@/lib/search-result';

const SEARCH_DELAY_MS = 250;

/**
 * The search box and the URL: what the agent types shows at once; the URL (`/search?q=`, which the
 * results follow) catches up once typing pauses, so there is no request per key. The URL changes
 * through history.replaceState, which Next.js follows without asking the server to render again.
 * Back and forward bring their query back into the box.
 */
export function useSearchInput(urlQ: string) {
  const [text, setText] = useState(urlQ);
  useEffect(() => {
    setText((current) => (current.trim() === urlQ ? current : urlQ));
  }, [urlQ]);
  useEffect(() => {
    if (text.trim() === urlQ) return;
    const timer = setTimeout(() => window.history.replaceState(null, '', searchHref(text)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, urlQ]);
  /** Enter: search now, without waiting for the pause. */
  const submit = () => {
    if (text.trim() !== urlQ) window.history.replaceState(null, '', searchHref(text));
  };
  return { text, setText, submit };
}
