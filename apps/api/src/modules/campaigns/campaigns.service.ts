import { Injectable } from '@nestjs/common';
import type { Campaign, CampaignSummary } from '@sendbook/api-contract';
import { OUTBOX_STATES } from '@sendbook/queue';
import { ownMessageActors } from '../../common/auth/access.js';
import type { Principal } from '../../common/auth/principal.js';
import type { PageQueryDto } from '../../common/dto/page-query.dto.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { PricingFiguresService } from '../metrics/pricing-figures.service.js';
import { CampaignsRepository, type CampaignCounts } from './campaigns.repository.js';

const DEFAULT_PAGE = 50;
const MAX_CAMPAIGN_LENGTH = 100;

/**
 * The campaign view of the outbox: its messages by state, failures by code, and replies, from its
 * rows; and what Meta priced, from the pricing counters labelled with the campaign (its rows would
 * need the country of every recipient worked out on each view: a million-message campaign would cost
 * seconds of CPU a refresh, where its counter rows are a few per minute it ran).
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly repo: CampaignsRepository,
    private readonly pricing: PricingFiguresService,
  ) {}

  async list(query: PageQueryDto, by: Principal) {
    const limit = query.limit ?? DEFAULT_PAGE;
    const after = query.cursor !== undefined ? decodeCampaignCursor(query.cursor) : undefined;
    if (after === null) throw DomainError.validation([{ field: 'cursor', message: 'is not a cursor this API gave out' }]);
    const rows = await this.repo.list({ enqueuer: enqueuerOf(by), limit, after });
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    return { data: rows.map(presentSummary), next_cursor: last ? encodeCampaignCursor(last) : null };
  }

  async get(campaign: string, by: Principal): Promise<{ campaign: Campaign }> {
    if (campaign.length < 1 || campaign.length > MAX_CAMPAIGN_LENGTH) throw DomainError.notFound('campaign');
    const enqueuer = enqueuerOf(by);
    const [counts, failures, replies] = await Promise.all([
      this.repo.counts(campaign, enqueuer),
      this.repo.failures(campaign, enqueuer),
      this.repo.replies(campaign, enqueuer),
    ]);
    if (!counts) throw DomainError.notFound('campaign');
    const pricing = await this.pricing.forCampaign(campaign, enqueuer, counts.firstAt);
    return {
      campaign: {
        ...presentSummary(counts),
        failures: failures.map((f) => ({ code: f.code, title: f.title, count: f.count })),
        replies: { count: replies.count, messages_replied: replies.messagesReplied, choices: replies.choices },
        pricing,
      },
    };
  }
}

/** A key that may only send sees the campaigns of its integration's messages, counted over those alone. */
function enqueuerOf(by: Principal): readonly string[] | null {
  return ownMessageActors(by);
}

function presentSummary(c: CampaignCounts): CampaignSummary {
  return {
    campaign: c.campaign,
    messages: c.messages,
    by_state: Object.fromEntries(OUTBOX_STATES.map((s) => [s, c.byState[s] ?? 0])) as CampaignSummary['by_state'],
    first_enqueued_at: c.firstAt.toISOString(),
    last_enqueued_at: c.lastAt.toISOString(),
  };
}

function encodeCampaignCursor(c: Pick<CampaignCounts, 'lastAt' | 'campaign'>): string {
  return Buffer.from(JSON.stringify([c.lastAt.toISOString(), c.campaign])).toString('base64url');
}

function decodeCampaignCursor(cursor: string): { lastAt: Date; campaign: string } | null {
  try {
    const [at, campaign] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const lastAt = new Date(String(at));
    if (Number.isNaN(lastAt.getTime()) || typeof campaign !== 'string') return null;
    return { lastAt, campaign };
  } catch {
    return null;
  }
}
