'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { AGE_OPTIONS, NO_FILTERS, isFiltered, type WorkFilters } from '@/lib/work-filters';
import type { WorkKind } from '@/lib/work-kinds';
import styles from './work-queue.module.css';

/** Number, purpose, error code, age and order; applied to the URL, so the view is a link. */
export function WorkFiltersBar({ kind, filters, onChange }: { kind: WorkKind; filters: WorkFilters; onChange: (filters: WorkFilters) => void }) {
  const [draft, setDraft] = useState({ number: filters.number ?? '', purpose: filters.purpose ?? '', errorCode: filters.errorCode ?? '' });
  const messages = kind === 'stuck_sending' || kind === 'failed' || kind === 'held';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, number: draft.number.trim() || null, purpose: draft.purpose.trim() || null, errorCode: draft.errorCode.trim() || null });
  };
  return (
    <form className={styles.filters} onSubmit={submit} role="search" aria-label="Filter the queue">
      {messages || kind === 'unattributed_inbound' || kind === 'waiting_customer' ? (
        <TextField
          label="Number"
          placeholder="phone_number_id"
          inputMode="numeric"
          value={draft.number}
          onChange={(e) => setDraft({ ...draft, number: e.target.value })}
          fieldClassName={styles.filterField}
        />
      ) : null}
      {messages ? (
        <TextField
          label="Purpose"
          placeholder="order_shipped"
          value={draft.purpose}
          onChange={(e) => setDraft({ ...draft, purpose: e.target.value })}
          fieldClassName={styles.filterField}
        />
      ) : null}
      {messages || kind === 'poison_webhook' ? (
        <TextField
          label="Error code"
          placeholder="131026"
          value={draft.errorCode}
          onChange={(e) => setDraft({ ...draft, errorCode: e.target.value })}
          fieldClassName={styles.filterFieldNarrow}
        />
      ) : null}
      <SelectField
        label="Age"
        value={filters.age ?? ''}
        onChange={(e) => onChange({ ...filters, age: e.target.value || null })}
        fieldClassName={styles.filterField}
      >
        <option value="">Any age</option>
        {AGE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {filters.age && !AGE_OPTIONS.some((o) => o.value === filters.age) ? <option value={filters.age}>Waiting {filters.age} or more</option> : null}
      </SelectField>
      <SelectField
        label="Order"
        value={filters.sort}
        onChange={(e) => onChange({ ...filters, sort: e.target.value === 'newest' ? 'newest' : 'oldest' })}
        fieldClassName={styles.filterFieldNarrow}
      >
        <option value="oldest">Oldest first</option>
        <option value="newest">Newest first</option>
      </SelectField>
      <div className={styles.filterButtons}>
        <Button type="submit" size="sm">
          Apply
        </Button>
        {isFiltered(filters) || filters.sort !== 'oldest' ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setDraft({ number: '', purpose: '', errorCode: '' });
              onChange({ ...NO_FILTERS, status: filters.status });
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
    </form>
  );
}
