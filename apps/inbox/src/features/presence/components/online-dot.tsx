'use client';

import styles from './presence.module.css';

/** Green when an inbox tab of theirs is open (amber when busy), hollow when away, grey when offline. */
export function OnlineDot({ online, availability, name }: { online: boolean; availability: string; name: string }) {
  const words = `${name} is ${online ? (availability === 'available' ? 'online' : `online, ${availability}`) : availability === 'away' ? 'away' : 'offline'}`;
  return <span className={styles.online} data-online={online || undefined} data-availability={availability} role="img" aria-label={words} title={words} />;
}
