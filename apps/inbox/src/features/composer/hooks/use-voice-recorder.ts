'use client';

import { useEffect, useRef, useState } from 'react';
import { remuxToOgg } from '@/lib/remux-to-ogg';

export type Recorder =
  | { readonly status: 'idle' }
  | { readonly status: 'starting' }
  | { readonly status: 'recording'; readonly startedAt: number }
  | { readonly status: 'finishing' }
  | { readonly status: 'failed'; readonly problem: string };

/** WhatsApp's voice notes are at most 16 MB; at Opus's ~32 kbit/s that is over an hour. A cap keeps a forgotten recorder bounded. */
const MAX_RECORDING_MS = 15 * 60_000;

/**
 * Records the agent's microphone (MediaRecorder, Opus) and hands the result as an OGG file.
 * `onDone` gets the file when the agent stops; discarding is simply not sending it.
 */
export function useVoiceRecorder(onDone: (file: File) => void) {
  const [state, setState] = useState<Recorder>({ status: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const cancelled = useRef(false);

  const stopTracks = () => recorder.current?.stream.getTracks().forEach((t) => t.stop());
  useEffect(
    () => () => {
      cancelled.current = true;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      stopTracks();
    },
    [],
  );

  useEffect(() => {
    if (state.status !== 'recording') return;
    const timer = setTimeout(() => recorder.current?.stop(), MAX_RECORDING_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const start = async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices) {
      setState({ status: 'failed', problem: 'This browser cannot record audio.' });
      return;
    }
    setState({ status: 'starting' });
    cancelled.current = false;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState({ status: 'failed', problem: 'The microphone is not allowed: allow it for this site in the browser, then try again.' });
      return;
    }
    const type = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus'].find((t) => MediaRecorder.isTypeSupported(t));
    if (!type) {
      stream.getTracks().forEach((t) => t.stop());
      setState({ status: 'failed', problem: 'This browser cannot record Opus audio, the format WhatsApp plays.' });
      return;
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream, { mimeType: type, audioBitsPerSecond: 32_000 });
    recorder.current = media;
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      stopTracks();
      if (cancelled.current) return setState({ status: 'idle' });
      setState({ status: 'finishing' });
      remuxToOgg(new Blob(chunks, { type }))
        .then((ogg) => {
          onDone(new File([ogg], `voice-note-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.ogg`, { type: 'audio/ogg' }));
          setState({ status: 'idle' });
        })
        .catch((error: unknown) =>
          setState({ status: 'failed', problem: `The recording could not be prepared: ${error instanceof Error ? error.message : String(error)}` }),
        );
    };
    media.start(1000);
    setState({ status: 'recording', startedAt: Date.now() });
  };

  return {
    state,
    start: () => void start(),
    /** Stops and hands over the recording. */
    stop: () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    /** Stops and throws the recording away. */
    cancel: () => {
      cancelled.current = true;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      else setState({ status: 'idle' });
    },
    dismiss: () => setState({ status: 'idle' }),
  };
}
