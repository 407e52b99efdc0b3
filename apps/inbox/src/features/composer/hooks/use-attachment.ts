'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { fileProblem, limitFor, uploadFile, type Upload } from '@/lib/upload-file';
import { uploadLimitsQuery } from '@/features/composer/composer.queries';

export type Attachment =
  | { readonly status: 'none' }
  /** WhatsApp would not take it: said at once, nothing uploaded. */
  | { readonly status: 'refused'; readonly name: string; readonly problem: string }
  | { readonly status: 'uploading'; readonly file: File; readonly voice: boolean; readonly progress: number; readonly preview: string | null }
  | {
      readonly status: 'uploaded';
      readonly file: File;
      readonly voice: boolean;
      readonly upload: Upload;
      readonly caption: boolean;
      readonly preview: string | null;
    }
  | { readonly status: 'failed'; readonly file: File; readonly voice: boolean; readonly problem: string; readonly preview: string | null };

/**
 * The one file a reply carries: checked against WhatsApp's limits the moment it is chosen (a
 * refused file is never uploaded), uploaded at once with progress while the agent writes its
 * caption, retried on demand. The reply that sends it is a separate step with its own request id,
 * so a failed upload retried never becomes a second message.
 */
export function useAttachment() {
  const limits = useQuery(uploadLimitsQuery);
  const [state, setState] = useState<Attachment>({ status: 'none' });
  const abort = useRef<AbortController | null>(null);
  const preview = state.status === 'none' || state.status === 'refused' ? null : state.preview;
  // A picture's or recording's object URL lives as long as the attachment.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const upload = (file: File, voice: boolean, shown: string | null) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ status: 'uploading', file, voice, progress: 0, preview: shown });
    uploadFile(
      file,
      file.name,
      (progress) => !controller.signal.aborted && setState((s) => (s.status === 'uploading' && s.file === file ? { ...s, progress } : s)),
      controller.signal,
    ).then(
      (done) => {
        if (controller.signal.aborted) return;
        const caption = limits.data ? (limitFor(done.mime_type, limits.data)?.caption ?? false) : done.kind !== 'audio' && done.kind !== 'sticker';
        setState({ status: 'uploaded', file, voice, upload: done, caption, preview: shown });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', file, voice, problem: problemDetail(toProblem(error)), preview: shown });
      },
    );
  };

  return {
    state,
    choose(file: File, { voice = false }: { voice?: boolean } = {}) {
      const problem = fileProblem(file, limits.data ?? []);
      if (problem) {
        abort.current?.abort();
        setState({ status: 'refused', name: file.name, problem });
        return;
      }
      const shown = file.type.startsWith('image/') || file.type.startsWith('audio/') ? URL.createObjectURL(file) : null;
      upload(file, voice, shown);
    },
    retry() {
      if (state.status === 'failed') upload(state.file, state.voice, state.preview);
    },
    /** Removed by the agent, or sent. */
    clear() {
      abort.current?.abort();
      setState({ status: 'none' });
    },
  };
}

export type AttachmentControl = ReturnType<typeof useAttachment>;
