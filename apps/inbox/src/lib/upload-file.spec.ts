import { describe, expect, it } from '@jest/globals';
import { fileProblem, type UploadLimit } from './upload-file';

const MB = 1024 * 1024;
const LIMITS: UploadLimit[] = [
  { kind: 'image', mime_types: ['image/jpeg', 'image/png'], max_bytes: 5 * MB, caption: true },
  { kind: 'video', mime_types: ['video/mp4'], max_bytes: 16 * MB, caption: true },
];

describe('fileProblem', () => {
  it('takes a file within its kind’s limit', () => {
    expect(fileProblem({ type: 'image/png', size: 5 * MB }, LIMITS)).toBeNull();
  });

  it('names the limit and the size of a file over it', () => {
    expect(fileProblem({ type: 'video/mp4', size: 120 * MB }, LIMITS)).toBe('A video may be at most 16 MB on WhatsApp; this one is 120 MB.');
  });

  it('refuses a type WhatsApp does not take, and an empty file', () => {
    expect(fileProblem({ type: 'image/gif', size: 10 }, LIMITS)).toMatch(/^WhatsApp does not take image\/gif/);
    expect(fileProblem({ type: 'image/png', size: 0 }, LIMITS)).toBe('The file is empty.');
  });

  it('leaves a file the browser could not name to the API, which reads its extension', () => {
    expect(fileProblem({ type: '', size: 10 }, LIMITS)).toBeNull();
    expect(fileProblem({ type: 'application/octet-stream', size: 10 }, LIMITS)).toBeNull();
  });
});
