import type { CampaignSummary } from '@sendbook/api-contract';
import { campaignStages, campaignWords } from '@/lib/campaign-figures';
import styles from './campaigns.module.css';

/** A campaign's messages as one bar of stages; its words are its accessible name (the colours are decoration). */
export function StateBar({ campaign, large = false }: { campaign: Pick<CampaignSummary, 'messages' | 'by_state'>; large?: boolean }) {
  const words = campaignWords(campaign);
  return (
    <div className={[styles.bar, large && styles.large].filter(Boolean).join(' ')} role="img" aria-label={words} title={words}>
      {campaignStages(campaign.by_state).map((s) => (
        <span key={s.key} className={styles.segment} data-tone={s.tone} style={{ width: `${s.share * 100}%` }} />
      ))}
    </div>
  );
}

/** The bar's key: each stage with its count. */
export function StateLegend({ campaign }: { campaign: Pick<CampaignSummary, 'by_state'> }) {
  return (
    <ul className={styles.legend} aria-label="Messages by stage">
      {campaignStages(campaign.by_state).map((s) => (
        <li key={s.key}>
          <span className={`${styles.swatch} ${styles.segment}`} data-tone={s.tone} aria-hidden />
          {s.word} <strong>{s.count.toLocaleString('en-US')}</strong>
        </li>
      ))}
    </ul>
  );
}
