import type { HTMLAttributes } from 'react';
import type { Tone } from '@/lib/message-state';
import styles from './badge.module.css';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: Tone | 'accent';
  /** A dot before the words: for states that are a status rather than a count. */
  dot?: boolean;
}

export function Badge({ tone = 'neutral', dot = false, className, ...props }: BadgeProps) {
  return <span className={[styles.badge, tone !== 'neutral' && styles[tone], dot && styles.dot, className].filter(Boolean).join(' ')} {...props} />;
}
