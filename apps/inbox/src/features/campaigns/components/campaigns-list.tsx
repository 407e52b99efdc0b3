'use client';

import type { CampaignRun, CampaignSummary } from '@sendbook/api-contract';
import Link from 'next/link';
import { Page, PageDescription } from '@/components/page';
import { QueryContent } from '@/components/query-content';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { campaignHref, deliveredShare, percent } from '@/lib/campaign-figures';
import { runStateWords } from '@/lib/campaign-run';
import type { Loaded } from '@/lib/server-api';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { campaignsQuery, type CampaignListData } from '../campaigns.queries';
import { StateBar } from './state-bar';
import styles from './campaigns.module.css';

/** Every campaign tag, the latest first: how far its messages got, how many failed. Admins only. */
export function CampaignsList({ initial }: { initial: Loaded<CampaignListData> }) {
  const query = useSeededQuery(campaignsQuery(), initial);
  const campaigns = listRows(query.data);
  return (
    <Page
      title="Campaigns"
      subtitle={
        campaigns.length > 0
          ? `${campaigns.length === 1 ? 'One campaign' : `${campaigns.length.toLocaleString('en-US')} campaigns`}${query.data?.more ? ', the latest' : ''}`
          : undefined
      }
      actions={
        <Button asChild variant="primary">
          <Link href="/campaigns/new">New campaign</Link>
        </Button>
      }
    >
      <PageDescription>
        Campaigns started here from a CSV, and messages an integration enqueued with a <code>campaign</code> tag, grouped by it: where they are now, how many
        failed. Open one for its progress, failures by reason and the replies it got. Refreshed every 15 seconds.
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
              Start one with <Link href="/campaigns/new">New campaign</Link> (an approved template and a CSV of customers), or give messages a{' '}
              <code>campaign</code> when you enqueue them (<code>POST /v1/messages</code> or <code>/v1/messages/batch</code>) and they are counted here.
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
              <Th>Run</Th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map(({ name, tag, run }) => (
              <tr key={name}>
                <Td>
                  <Link href={campaignHref(name)} className={styles.name}>
                    {name}
                  </Link>
                </Td>
                <Td numeric>
                  {tag
                    ? tag.messages.toLocaleString('en-US')
                    : run
                      ? `${run.rows_written.toLocaleString('en-US')} of ${run.rows_total.toLocaleString('en-US')}`
                      : '0'}
                </Td>
                <Td>{tag ? <StateBar campaign={tag} /> : <span className={styles.secondary}>being written</span>}</Td>
                <Td numeric>{tag ? percent(deliveredShare(tag.by_state)) : '–'}</Td>
                <Td numeric>{tag && tag.by_state.failed > 0 ? tag.by_state.failed.toLocaleString('en-US') : <span className={styles.secondary}>0</span>}</Td>
                <Td muted>
                  <Time past at={tag?.last_enqueued_at ?? run!.created_at} />
                </Td>
                <Td>{run ? <Badge tone={runStateWords(run).tone}>{runStateWords(run).word}</Badge> : <span className={styles.secondary}>tag</span>}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </QueryContent>
    </Page>
  );
}

/** One row per campaign name: its tag's messages, its run, or both; the latest first. */
function listRows(data: CampaignListData | undefined): { name: string; tag: CampaignSummary | null; run: CampaignRun | null; at: string }[] {
  if (!data) return [];
  const runs = new Map(data.runs.map((r) => [r.name, r]));
  const rows = data.tags.map((tag): { name: string; tag: CampaignSummary | null; run: CampaignRun | null; at: string } => {
    const run = runs.get(tag.campaign) ?? null;
    runs.delete(tag.campaign);
    return { name: tag.campaign, tag, run, at: tag.last_enqueued_at };
  });
  for (const run of runs.values()) rows.push({ name: run.name, tag: null, run, at: run.created_at });
  return rows.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
