'use client';

import { useEffect, useState } from 'react';

/** The open item, part of the link (`?item=<id>`), kept there without a server round trip per j/k. */
export function useSelectedItem(initialItem: string | null) {
  const [selectedId, setSelectedId] = useState<string | null>(initialItem);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (selectedId) url.searchParams.set('item', selectedId);
    else url.searchParams.delete('item');
    const next = `${url.pathname}${url.search}`;
    if (next !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', next);
  }, [selectedId]);
  return [selectedId, setSelectedId] as const;
}
