'use client';

import type { Campaign } from '@sendbook/api-contract';
import Link from 'next/link';
import { Page, PageDescription } from '@/components/page';
import { ProblemState } from '@/components/problem-state';
import { Time } from '@/components/time';
import { FigureTile } from '@/components/ui/figure-tile';
import { Icon } from '@/components/ui/icon';
import { Loading } from '@/components/ui/skeleton';
import { State } from '@/components/ui/state';
import { Table, Td, Th } from '@/components/ui/table';
import { countWords, deliveredShare, percent, stateWord } from '@/lib/campaign-figures';
import { categoryRows, COST_SOURCE, hasPriced, money, pricedWords, unratedWords } from '@/lib/cost-figures';
import { OUTBOUND_STATES } from '@/lib/message-state';
import { errorWords } from '@/lib/meta-errors';
import type { Loaded } from '@/lib/server-api';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { workFiltersSearch, parseWorkFilters } from '@/lib/work-filters';
import { workHref } from '@/lib/work-kinds';
import { CostTable } from '@/features/health/components/cost-table';
import { campaignQuery, type CampaignPageData } from '../campaigns.queries';
import { CampaignRunPanel } from './campaign-run-panel';
import { StateBar, StateLegend } from './state-bar';
import tiles from '@/components/ui/figure-tiles.module.css';
import styles from './campaigns.module.css';

/**
 * One campaign: where its messages are, why the failed ones failed, what customers answered; and,
 * for a campaign an admin started, its run (progress, pause, resume, cancel). Admins only.
 */
export function CampaignView({ name, initial }: { name: string; initial: Loaded<CampaignPageData> }) {
  const live = initial.ok && (initial.data.run?.state === 'running' || initial.data.run?.state === 'paused');
  const query = useSeededQuery(campaignQuery(name, live), initial);
  const page = query.data;
  const campaign = page?.messages ?? null;
  const run = page?.run ?? null;
  const missing = page !== undefined && !campaign && !run;
  return (
    <Page
      title={name}
      subtitle={
        campaign ? (
          <>
            {countWords(campaign.messages, 'message')}, enqueued <Time past at={campaign.first_enqueued_at} />
            {campaign.last_enqueued_at !== campaign.first_enqueued_at ? (
              <>
                {' '}
                to <Time past at={campaign.last_enqueued_at} />
              </>
            ) : null}
          </>
        ) : (
          'Campaign'
        )
      }
    >
      <Link href="/campaigns" className={styles.back}>
        <Icon name="back" size={14} /> All campaigns
      </Link>
      {query.problem && !page ? (
        <ProblemState problem={query.problem} onRetry={query.retry} retrying={query.isFetching} />
      ) : !page ? (
        <Loading label="Loading the campaign…" />
      ) : missing ? (
        <State role="alert" icon="info" title="No such campaign">
          No campaign was started with the name “{name}”, and no message was enqueued with it as its <code>campaign</code>.
        </State>
      ) : (
        <>
          {run ? <CampaignRunPanel run={run} messages={campaign} /> : null}
          {campaign ? (
            <CampaignFigures campaign={campaign} tiles={!run} />
          ) : (
            <State role="status" icon="clock" title="No message written yet" compact>
              The workers write its recipients into the queue in batches; its messages show here as they are.
            </State>
          )}
        </>
      )}
    </Page>
  );
}

function CampaignFigures({ campaign, tiles: showTiles }: { campaign: Campaign; tiles: boolean }) {
  const s = campaign.by_state;
  const delivered = deliveredShare(s);
  const waiting = s.queued + s.sending + s.accepted;
  const replyShare = campaign.messages === 0 ? null : campaign.replies.messages_replied / campaign.messages;
  return (
    <>
      {showTiles ? (
        <>
          <PageDescription>
            Counted from the messages’ states now; refreshed every 15 seconds. A reply is an inbound message attributed to one of these messages (reactions are
            not counted).
          </PageDescription>
          <ul className={`${tiles.tiles} ${styles.figures}`} aria-label="Campaign figures">
            <FigureTile
              label="Messages"
              value={campaign.messages.toLocaleString('en-US')}
              detail={waiting > 0 ? `${waiting.toLocaleString('en-US')} still waiting to go` : 'none waiting'}
            />
            <FigureTile
              label="Delivered"
              tone="success"
              value={percent(delivered)}
              detail={`${(s.delivered + s.read + s.played).toLocaleString('en-US')} reached the phone`}
            />
            <FigureTile
              label="Read"
              tone="progress"
              value={(s.read + s.played).toLocaleString('en-US')}
              detail={percent(campaign.messages === 0 ? null : (s.read + s.played) / campaign.messages) + ' of all'}
            />
            <FigureTile
              label="Failed"
              tone={s.failed > 0 ? 'danger' : undefined}
              value={s.failed.toLocaleString('en-US')}
              detail={
                s.held > 0 ? `and ${s.held.toLocaleString('en-US')} held` : percent(campaign.messages === 0 ? null : s.failed / campaign.messages) + ' of all'
              }
            />
            <FigureTile
              label="Replies"
              value={campaign.replies.count.toLocaleString('en-US')}
              detail={`to ${countWords(campaign.replies.messages_replied, 'message')} (${percent(replyShare)})`}
            />
          </ul>
        </>
      ) : null}

      <section aria-labelledby="campaign-progress">
        <h2 id="campaign-progress">Where its messages are</h2>
        <StateBar campaign={campaign} large />
        <StateLegend campaign={campaign} />
      </section>

      <CampaignCost pricing={campaign.pricing} waiting={waiting > 0} />

      <div className={`${styles.columns} ${styles.section}`}>
        <section aria-labelledby="campaign-failures">
          <h2 id="campaign-failures">Failures by reason</h2>
          {campaign.failures.length === 0 ? (
            <State role="status" icon="check" title="No failures" compact>
              None of its messages failed{waiting > 0 ? ' so far' : ''}.
            </State>
          ) : (
            <Table label="Failures by reason">
              <thead>
                <tr>
                  <Th>Code</Th>
                  <Th>Reason</Th>
                  <Th numeric>Messages</Th>
                </tr>
              </thead>
              <tbody>
                {campaign.failures.map((f) => {
                  const code = f.code === null ? null : String(f.code);
                  const words = errorWords({ code: f.code, title: f.title ?? '' });
                  return (
                    <tr key={code ?? 'none'}>
                      <Td mono>{code ?? '–'}</Td>
                      <Td wrap>
                        {words.words}
                        {words.hint ? <div className={styles.secondary}>{words.hint}</div> : null}
                      </Td>
                      <Td numeric>
                        {code ? (
                          <Link
                            className={styles.name}
                            href={`${workHref('failed')}${workFiltersSearch({ ...parseWorkFilters({}), errorCode: code })}`}
                            title={`The Failed queue, code ${code}`}
                          >
                            {f.count.toLocaleString('en-US')}
                          </Link>
                        ) : (
                          f.count.toLocaleString('en-US')
                        )}
                      </Td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )}
        </section>

        <section aria-labelledby="campaign-replies">
          <h2 id="campaign-replies">Replies</h2>
          {campaign.replies.count === 0 ? (
            <State role="status" icon="reply" title="No replies yet" compact>
              Nobody has answered these messages{waiting > 0 ? ' yet' : ''}.
            </State>
          ) : campaign.replies.choices.length === 0 ? (
            <p className={styles.secondary}>{countWords(campaign.replies.count, 'reply')}, none of them a button or list choice.</p>
          ) : (
            <Table label="Choices tapped">
              <thead>
                <tr>
                  <Th>Choice</Th>
                  <Th numeric>Replies</Th>
                </tr>
              </thead>
              <tbody>
                {campaign.replies.choices.map((c) => (
                  <tr key={c.title}>
                    <Td>{c.title}</Td>
                    <Td numeric>{c.count.toLocaleString('en-US')}</Td>
                  </tr>
                ))}
                {campaign.replies.count > campaign.replies.choices.reduce((n, c) => n + c.count, 0) ? (
                  <tr>
                    <Td muted>Other replies (text, media)</Td>
                    <Td numeric muted>
                      {(campaign.replies.count - campaign.replies.choices.reduce((n, c) => n + c.count, 0)).toLocaleString('en-US')}
                    </Td>
                  </tr>
                ) : null}
              </tbody>
            </Table>
          )}
        </section>
      </div>

      <section className={styles.section} aria-labelledby="campaign-states">
        <h2 id="campaign-states">By state</h2>
        <Table label="Messages by state">
          <thead>
            <tr>
              <Th>State</Th>
              <Th numeric>Messages</Th>
              <Th numeric>Share</Th>
            </tr>
          </thead>
          <tbody>
            {OUTBOUND_STATES.filter((state) => s[state] > 0).map((state) => (
              <tr key={state}>
                <Td>{stateWord(state)}</Td>
                <Td numeric>{s[state].toLocaleString('en-US')}</Td>
                <Td numeric muted>
                  {percent(campaign.messages === 0 ? null : s[state] / campaign.messages)}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
    </>
  );
}

/** What Meta priced of the campaign's messages, by category, with the estimate when a rate card is set. */
function CampaignCost({ pricing, waiting }: { pricing: Campaign['pricing']; waiting: boolean }) {
  const spend = pricing.estimated_spend;
  const unrated = unratedWords(spend);
  return (
    <section className={styles.section} aria-labelledby="campaign-cost">
      <h2 id="campaign-cost">Cost</h2>
      {!hasPriced(pricing) ? (
        <State role="status" icon="info" title="No priced messages yet" compact>
          Meta prices a message when it reports it sent{waiting ? '; these are still on their way' : ''}.
        </State>
      ) : (
        <>
          <p className={styles.costSummary}>
            {pricedWords(pricing)}
            {spend ? (
              <>
                {' · '}estimated <strong>{money(spend.total, spend.currency)}</strong>
              </>
            ) : (
              ' · no rate card, so no estimate (PRICING_RATES)'
            )}
          </p>
          {unrated ? <p className={styles.secondary}>{unrated}</p> : null}
          <div className={styles.costTable}>
            <CostTable label="Billable messages by category" first="Category" rows={categoryRows(pricing, spend)} currency={spend?.currency ?? null} />
          </div>
        </>
      )}
      <p className={`${styles.secondary} ${styles.costSource}`}>{COST_SOURCE}</p>
    </section>
  );
}
