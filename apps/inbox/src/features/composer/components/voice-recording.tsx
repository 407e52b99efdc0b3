'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import type { useVoiceRecorder } from '@/features/composer/hooks/use-voice-recorder';
import styles from './composer.module.css';

/** While recording: the elapsed time, `Stop` (to listen before sending) and `Discard`. */
export function VoiceRecording({ recorder }: { recorder: ReturnType<typeof useVoiceRecorder> }) {
  const state = recorder.state;
  if (state.status === 'failed') {
    return (
      <Callout tone="danger" role="alert" title="No voice note" className={styles.callout}>
        {state.problem}{' '}
        <Button variant="ghost" size="sm" onClick={recorder.dismiss}>
          Dismiss
        </Button>
      </Callout>
    );
  }
  if (state.status === 'idle') return null;
  return (
    <div className={styles.recording} role="status" aria-live="polite">
      <span className={styles.recordingDot} aria-hidden />
      <span className={styles.attachmentText}>
        <strong>{state.status === 'recording' ? 'Recording' : state.status === 'starting' ? 'Starting the microphone' : 'Preparing the voice note'}</strong>
        {state.status === 'recording' ? <Elapsed since={state.startedAt} /> : null}
      </span>
      <Button variant="secondary" size="sm" onClick={recorder.stop} disabled={state.status !== 'recording'}>
        Stop recording
      </Button>
      <Button variant="ghost" size="sm" onClick={recorder.cancel} disabled={state.status === 'finishing'}>
        Discard
      </Button>
    </div>
  );
}

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return (
    <time className={styles.attachmentMeta} aria-label={`${seconds} seconds`} data-testid="recording-elapsed">
      {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, '0')}
    </time>
  );
}
