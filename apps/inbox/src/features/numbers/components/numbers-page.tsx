'use client';

import type { NumberStatus } from '@sendbook/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NoteDialog } from '@/components/note-dialog';
import { Page, PageDescription } from '@/components/page';
import { QueryContent } from '@/components/query-content';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSyncFromMeta } from '@/components/sync-from-meta';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { numberProfile, pauseWords, qualityTone, rateWords, throughputWords, tierWords } from '@/lib/number-display';
import type { Loaded } from '@/lib/server-api';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { numberKeys, numbersQuery, pauseNumber, resumeNumber, syncNumbers } from '../numbers.queries';
import styles from './numbers.module.css';

/** Every business number: its rate, messaging-limit tier, quality, open rows and pauses; pause and resume with a note. Admins only. */
export function NumbersPage({ initial }: { initial: Loaded<{ data: NumberStatus[] }> }) {
  const query = useSeededQuery(numbersQuery(), initial);
  const numbers = query.data?.data ?? [];
  const [asking, setAsking] = useState<{ number: NumberStatus; action: 'pause' | 'resume' } | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const sync = useSyncFromMeta({
    run: syncNumbers,
    describe: (result) => {
      const failed = result.failed.map((f) => `${f.phone_number_id} (${f.error ?? f.outcome})`);
      return `Read ${result.synced.length} ${result.synced.length === 1 ? 'profile' : 'profiles'} from Meta${failed.length ? `; could not read ${failed.join(', ')}` : ''}.`;
    },
    refreshes: numberKeys.all,
    label: 'Sync from Meta',
    failureTitle: 'Could not read the profiles from Meta',
  });
  return (
    <Page title="Numbers" subtitle="Business numbers and their sending" actions={sync.button}>
      <PageDescription>
        What each number may send, how WhatsApp rates it, and why sending is paused. Pausing holds its queue until resumed; both are audited.
      </PageDescription>
      {sync.notices}
      <QueryContent
        query={query}
        loading="Loading numbers…"
        isEmpty={numbers.length === 0}
        empty={{
          icon: 'info',
          title: 'No business numbers yet',
          body: 'A number appears here once Sendbook has sent from it or WhatsApp has written about it.',
        }}
      >
        <Table label="Numbers">
          <thead>
            <tr>
              <Th>Number</Th>
              <Th>Rate</Th>
              <Th>Tier</Th>
              <Th>Quality</Th>
              <Th>Open rows</Th>
              <Th>Pauses</Th>
              <Th>
                <span className="visually-hidden">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {numbers.map((number) => {
              const profile = numberProfile(number);
              return (
                <tr key={number.phone_number_id}>
                  <Td>
                    <span className={styles.primary}>{profile?.verified_name ?? number.phone_number_id}</span>
                    {profile?.verified_name ? <span className={styles.secondary}>{number.phone_number_id}</span> : null}
                    {profile?.display_phone_number ? <span className={styles.secondary}>+{profile.display_phone_number}</span> : null}
                    {profile?.synced_at ? (
                      <span className={styles.secondary}>
                        profile read <Time past at={profile.synced_at} />
                      </span>
                    ) : (
                      <span className={styles.secondary}>profile not read from Meta yet</span>
                    )}
                  </Td>
                  <Td>
                    {rateWords(number)}
                    {throughputWords(profile?.throughput_level) ? <span className={styles.secondary}>{throughputWords(profile?.throughput_level)}</span> : null}
                  </Td>
                  <Td>
                    {tierWords(number).split(' · ')[0]}
                    <span className={styles.secondary}>
                      {number.messaging_limit.users_in_window.toLocaleString('en')} {number.messaging_limit.users_in_window === 1 ? 'customer' : 'customers'}{' '}
                      messaged in 24 h
                    </span>
                  </Td>
                  <Td>
                    {profile?.quality_rating ? (
                      <Badge tone={qualityTone(profile.quality_rating)} dot>
                        {profile.quality_rating}
                      </Badge>
                    ) : (
                      <span className={styles.secondary}>Not synced</span>
                    )}
                  </Td>
                  <Td>
                    {number.queued.toLocaleString('en')} queued
                    <span className={styles.secondary}>{number.sending.toLocaleString('en')} sending</span>
                  </Td>
                  <Td className={styles.pauseCell}>
                    {number.pauses.length === 0 ? (
                      <Badge tone="success" dot>
                        Sending
                      </Badge>
                    ) : (
                      <ul className={styles.pauses}>
                        {number.pauses.map((pause) => (
                          <li key={pause.id}>
                            <Badge tone="danger" dot>
                              Paused
                            </Badge>{' '}
                            {pauseWords(pause)} · since <Time past at={pause.paused_at} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </Td>
                  <Td>
                    {number.paused ? (
                      <Button size="sm" variant="primary" onClick={() => setAsking({ number, action: 'resume' })}>
                        Resume
                      </Button>
                    ) : (
                      <Button size="sm" variant="danger" onClick={() => setAsking({ number, action: 'pause' })}>
                        Pause
                      </Button>
                    )}
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </QueryContent>
      {asking ? (
        <NoteDialog
          title={asking.action === 'pause' ? `Pause ${asking.number.phone_number_id}` : `Resume ${asking.number.phone_number_id}`}
          description={
            asking.action === 'pause'
              ? 'Nothing is sent from this number until someone resumes it; its messages wait in the queue.'
              : 'Ends every pause of this number; its waiting messages go out, paced as usual.'
          }
          danger={asking.action === 'pause'}
          requireNote
          onConfirm={async (note, requestId) => {
            if (asking.action === 'pause') await pauseNumber(asking.number.phone_number_id, note, requestId);
            else {
              const result = await resumeNumber(asking.number.phone_number_id, note, requestId);
              toast({ title: `Resumed: ${result.requeued} ${result.requeued === 1 ? 'message' : 'messages'} back in the queue`, tone: 'success' });
            }
            await queryClient.invalidateQueries({ queryKey: numberKeys.all });
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Page>
  );
}
