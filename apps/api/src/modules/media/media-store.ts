import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where kept files' bytes live, by key. One small interface so an object store can replace the
 * folder without touching its callers.
 */
export interface MediaStore {
  /** Writes the whole stream under `key`; nothing is visible under it until every byte is. */
  write(key: string, source: Readable): Promise<void>;
  /** The bytes, or null when there is nothing under `key`. */
  open(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

export const MEDIA_STORE = Symbol('MEDIA_STORE');

/** The store as a folder (`MEDIA_DIR`): `<dir>/<first two characters of the key>/<key>`. */
export class FolderMediaStore implements MediaStore {
  constructor(private readonly dir: string) {}

  async write(key: string, source: Readable): Promise<void> {
    const file = this.pathOf(key);
    // Synchronous on purpose: the source may already be flowing, and must meet the pipeline (and
    // its error handling) before this method first yields.
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed: a reader never sees half a file, and a failed write leaves none.
    const partial = `${file}.${process.pid}.partial`;
    try {
      await pipeline(source, createWriteStream(partial));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async open(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      await stat(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!/^[A-Za-z0-9_-]{8,128}$/.test(key)) throw new Error(`not a media key: ${key}`);
    return path.resolve(this.dir, key.slice(0, 2), key);
  }
}
