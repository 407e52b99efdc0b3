'use client';

import type { CampaignSummary } from '@sendbook/api-contract';
import Link from 'next/link';
import { Page, PageDescription } from '@/components/page';
import { QueryContent } from '@/components/query-content';
import { Time } from '@/components/time';
import { Table, Td, Th } from '@/components/ui/table';
import { campaignHref, deliveredShare, percent } from '@/lib/campaign-figures';
import type { Loaded } from '@/lib/server-api';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { campaignsQuery } from '../campaigns.queries';
import { StateBar } from './state-bar';
import styles from './campaigns.module.css';

/** Every campaign tag, the latest first: how far its messages got, how many failed. Admins only. */
export function CampaignsList({ initial }: { initial: Loaded<{ data: CampaignSummary[]; next_cursor: string | null }> }) {
  const query = useSeededQuery(campaignsQuery(), initial);
  const campaigns = query.data?.data ?? [];
  return (
    <Page
      title="Campaigns"
      subtitle={
        campaigns.length > 0
          ? `${campaigns.length === 1 ? 'One campaign' : `${campaigns.length.toLocaleString('en-US')} campaigns`}${query.data?.next_cursor ? ', the latest' : ''}`
          : undefined
      }
    >
      <PageDescription>
        Messages enqueued with a <code>campaign</code> tag, grouped by it: where they are now, how many failed. Open one for its failures by reason and the
        replies it got. Refreshed every 15 seconds.
      </PageDescription>
      <QueryContent
        query={query}
        loading="Loading campaigns…"
        isEmpty={campaigns.length === 0}
        empty={{
          icon: 'info',
          title: 'No campaigns yet',
          body: (
            <>
              Give messages a <code>campaign</code> when you enqueue them (<code>POST /v1/messages</code> or <code>/v1/messages/batch</code>) and they are
              counted here.
            </>
          ),
        }}
      >
        <Table label="Campaigns">
          <thead>
            <tr>
              <Th>Campaign</Th>
              <Th numeric>Messages</Th>
              <Th>Progress</Th>
              <Th numeric>Delivered</Th>
              <Th numeric>Failed</Th>
              <Th>Last enqueued</Th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => (
              <tr key={c.campaign}>
                <Td>
                  <Link href={campaignHref(c.campaign)} className={styles.name}>
                    {c.campaign}
                  </Link>
                </Td>
                <Td numeric>{c.messages.toLocaleString('en-US')}</Td>
                <Td>
                  <StateBar campaign={c} />
                </Td>
                <Td numeric>{percent(deliveredShare(c.by_state))}</Td>
                <Td numeric>{c.by_state.failed > 0 ? c.by_state.failed.toLocaleString('en-US') : <span className={styles.secondary}>0</span>}</Td>
                <Td muted>
                  <Time past at={c.last_enqueued_at} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </QueryContent>
    </Page>
  );
}
