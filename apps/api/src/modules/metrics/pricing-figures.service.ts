import { Inject, Injectable } from '@nestjs/common';
import {
  bucketStarts,
  estimateSpend,
  parsePricingLabel,
  PRICING_LABEL_CAMPAIGN_FIELD,
  PRICING_LABEL_SEPARATOR,
  pricingLabelField,
  tallyPricing,
  tallyPricingBy,
  type PricedCount,
  type PricingTally,
  type SpendEstimate,
} from '@sendbook/queue';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { CountersRepository } from './counters.repository.js';
import { PRICING_COUNTERS } from './metric-names.js';

const DAY_MS = 86_400_000;
/** A campaign's prices are counted after its first message was enqueued; this much earlier allows for clocks apart. */
const CAMPAIGN_CLOCK_SLACK_MS = 5 * 60_000;

/**
 * Billable and free messages as Meta priced them (counted once per message when its pricing is first
 * recorded), and the spend PRICING_RATES estimates for them: over a range for GET /v1/metrics, and
 * over all time for one campaign.
 */
@Injectable()
export class PricingFiguresService {
  constructor(
    private readonly counters: CountersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The `pricing` section of GET /v1/metrics: [since, until], by category, number, campaign, country and UTC day. */
  async overRange(since: Date, until: Date) {
    const rows = await this.counters.totalsByDay(PRICING_COUNTERS.pricedMessages, since, until);
    const dated = rows.flatMap((r) => {
      const message = parsePricingLabel(r.label);
      return message ? [{ day: r.day, message, count: r.count }] : [];
    });
    const counts: PricedCount[] = dated;
    return {
      ...presentTally(tallyPricing(counts)),
      by_number: presentTallies(tallyPricingBy(counts, (m) => m.phoneNumberId)),
      by_campaign: presentTallies(tallyPricingBy(counts, (m) => m.campaign)),
      by_country: presentTallies(tallyPricingBy(counts, (m) => m.country ?? 'unknown')),
      by_day: bucketStarts(since, until, DAY_MS).map((day) => ({
        day: new Date(day).toISOString().slice(0, 10),
        ...presentTally(tallyPricing(dated.filter((d) => d.day === day))),
      })),
      estimated_spend: this.estimate(counts),
    };
  }

  /** One campaign's priced messages over all time, those enqueued by `enqueuer` only when given (a send-only key's view). */
  async forCampaign(campaign: string, enqueuer: readonly string[] | null, firstEnqueuedAt: Date) {
    const totals = await this.counters.totalsWhereLabelField(
      PRICING_COUNTERS.pricedMessages,
      PRICING_LABEL_SEPARATOR,
      PRICING_LABEL_CAMPAIGN_FIELD,
      pricingLabelField(campaign),
      new Date(firstEnqueuedAt.getTime() - CAMPAIGN_CLOCK_SLACK_MS),
    );
    const counts: PricedCount[] = Object.entries(totals).flatMap(([label, count]) => {
      const message = parsePricingLabel(label);
      const mine =
        message !== null && message.campaign === campaign && (enqueuer === null || (message.enqueuer !== null && enqueuer.includes(message.enqueuer)));
      return mine ? [{ message, count }] : [];
    });
    return { ...presentTally(tallyPricing(counts)), estimated_spend: this.estimate(counts) };
  }

  private estimate(counts: readonly PricedCount[]) {
    const card = this.config.pricing.rates;
    return card ? presentSpend(estimateSpend(card, counts)) : null;
  }
}

function presentTally(t: PricingTally) {
  return { billable: t.billable, free: t.free, by_category: t.byCategory };
}

function presentTallies(tallies: Record<string, PricingTally>) {
  return Object.fromEntries(
    Object.entries(tallies)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, t]) => [key, presentTally(t)]),
  );
}

function presentSpend(s: SpendEstimate) {
  return { currency: s.currency, total: s.total, by_category: s.byCategory, by_number: s.byNumber, unrated_messages: s.unrated };
}
