import type { components } from '@sendbook/api-contract';
import { ApiError } from './api';
import { fileSizeWords } from './file-size';
import { problemFrom } from './problem';

export type Upload = components['schemas']['Upload'];
export type UploadLimit = components['schemas']['MediaLimits']['kinds'][number];

/**
 * `POST /v1/uploads` with progress: fetch cannot report an upload's progress, XMLHttpRequest can.
 * Same origin, so the session cookie and the page's Origin go along as with every other call.
 */
export function uploadFile(file: Blob, filename: string, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/v1/uploads');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) return resolve(xhr.response as Upload);
      reject(new ApiError(problemFrom(xhr.status, xhr.response, xhr.getResponseHeader('retry-after'))));
    };
    xhr.onerror = () => reject(new ApiError(problemFrom(0, { error: 'network', message: 'the upload was cut off: check the connection and try again' })));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, filename);
    xhr.send(form);
  });
}

/** Why WhatsApp would refuse this file, in words; null when it takes it. Mirrors the API's own check. */
export function fileProblem(file: { type: string; size: number }, limits: readonly UploadLimit[]): string | null {
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  if (file.size === 0) return 'The file is empty.';
  // A type the browser could not name is judged by the API, which also reads the file's extension.
  if (type === '' || type === 'application/octet-stream') return null;
  const limit = limits.find((l) => l.mime_types.includes(type));
  if (!limit) return `WhatsApp does not take ${type || 'this kind of file'}: send a JPEG or PNG picture, an MP4 video, audio, a PDF or an Office document.`;
  if (file.size > limit.max_bytes)
    return `${KIND_WORDS[limit.kind]} may be at most ${fileSizeWords(limit.max_bytes)} on WhatsApp; this one is ${fileSizeWords(file.size)}.`;
  return null;
}

const KIND_WORDS: Record<UploadLimit['kind'], string> = { image: 'A picture', video: 'A video', audio: 'Audio', document: 'A document', sticker: 'A sticker' };

/** The limit entry a file falls under, if any. */
export function limitFor(type: string, limits: readonly UploadLimit[]): UploadLimit | undefined {
  const base = type.split(';')[0]!.trim().toLowerCase();
  return limits.find((l) => l.mime_types.includes(base));
}
