// What the Cloud API accepts as outbound media, by Meta's "Supported media types" table
// (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/media#supported-media-types):
// a file outside it is refused by Meta after upload (131053), so Sendbook refuses it first, naming
// the limit, before anything is stored or queued.

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

const MB = 1024 * 1024;

interface KindLimit {
  readonly maxBytes: number;
  readonly mimeTypes: readonly string[];
  /** Meta shows a caption under images, videos and documents; audio and stickers take none. */
  readonly caption: boolean;
  readonly words: string;
}

export const MEDIA_LIMITS: Readonly<Record<MediaKind, KindLimit>> = {
  image: { maxBytes: 5 * MB, mimeTypes: ['image/jpeg', 'image/png'], caption: true, words: 'JPEG or PNG' },
  video: { maxBytes: 16 * MB, mimeTypes: ['video/mp4', 'video/3gpp'], caption: true, words: 'MP4 or 3GPP' },
  audio: {
    maxBytes: 16 * MB,
    mimeTypes: ['audio/ogg', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/amr'],
    caption: false,
    words: 'OGG (Opus), MP3, M4A, AAC or AMR',
  },
  document: {
    maxBytes: 100 * MB,
    mimeTypes: [
      'application/pdf',
      'text/plain',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    caption: true,
    words: 'PDF, text, Word, Excel or PowerPoint',
  },
  // Animated stickers may be 500 KB; a static one 100 KB. We cannot tell them apart cheaply, so the
  // larger limit applies and Meta judges the rest.
  sticker: { maxBytes: 500 * 1024, mimeTypes: ['image/webp'], caption: false, words: 'WebP' },
};

/** The largest file any kind takes: what an upload may stream before it is cut off. */
export const MEDIA_MAX_BYTES = Math.max(...Object.values(MEDIA_LIMITS).map((l) => l.maxBytes));

/** `image/png; charset=…` → `image/png`; `audio/ogg; codecs=opus` → `audio/ogg`. */
export function baseMimeType(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

/** The kind a file is sent as: WebP is a sticker, everything else by its type. Null when Meta takes none. */
export function mediaKindOf(mimeType: string): MediaKind | null {
  const base = baseMimeType(mimeType);
  for (const [kind, limit] of Object.entries(MEDIA_LIMITS) as [MediaKind, KindLimit][]) if (limit.mimeTypes.includes(base)) return kind;
  return null;
}

export type MediaCheck = { ok: true; kind: MediaKind; mimeType: string } | { ok: false; reason: 'type' | 'size' | 'empty'; message: string; maxBytes?: number };

/** Whether Meta takes a file of this type and size; the refusal names the limit in words. */
export function checkMedia(file: { mimeType: string; size: number }): MediaCheck {
  const mimeType = baseMimeType(file.mimeType);
  const kind = mediaKindOf(mimeType);
  if (kind === null) {
    return { ok: false, reason: 'type', message: `WhatsApp does not take ${mimeType || 'files of unknown type'}: send ${supportedWords()}` };
  }
  if (file.size <= 0) return { ok: false, reason: 'empty', message: 'the file is empty' };
  const limit = MEDIA_LIMITS[kind];
  if (file.size > limit.maxBytes) {
    return {
      ok: false,
      reason: 'size',
      maxBytes: limit.maxBytes,
      message: `${limitWords(kind)}; this one is ${bytesWords(file.size)}`,
    };
  }
  return { ok: true, kind, mimeType };
}

export function captionAllowed(kind: MediaKind): boolean {
  return MEDIA_LIMITS[kind].caption;
}

/** "A video may be at most 16 MB on WhatsApp". */
export function limitWords(kind: MediaKind): string {
  return `${kindWords(kind)} may be at most ${bytesWords(MEDIA_LIMITS[kind].maxBytes)} on WhatsApp`;
}

function kindWords(kind: MediaKind): string {
  return { image: 'An image', video: 'A video', audio: 'An audio file', document: 'A document', sticker: 'A sticker' }[kind];
}

function supportedWords(): string {
  return (Object.keys(MEDIA_LIMITS) as MediaKind[]).map((k) => `${k}s as ${MEDIA_LIMITS[k].words}`).join('; ');
}

/** 5 MB, 100 KB, 1.5 MB: what people read on the limit. */
export function bytesWords(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  amr: 'audio/amr',
  pdf: 'application/pdf',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * The type to judge a file by: the one its sender declared, unless that says nothing
 * (`application/octet-stream`, empty), then the one its extension names.
 */
export function declaredMimeType(declared: string | null | undefined, filename: string | null | undefined): string {
  const base = baseMimeType(declared ?? '');
  if (base !== '' && base !== 'application/octet-stream') return declared!.trim();
  const extension = /\.([a-z0-9]{1,5})$/i.exec(filename ?? '')?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) ?? base;
}
