/**
 * Volatile values of recorded exchanges (ids, times, wamids, cursors, stream ids) replaced by
 * stable ones, so regenerating the examples only changes what really changed. The same real id
 * always maps to the same stand-in, so examples that refer to each other stay consistent.
 */
export class Normaliser {
  private readonly ids = new Map<string, string>();
  private readonly wamids = new Map<string, string>();
  private readonly dates = new Map<string, string>();

  value(value: unknown, key = ''): unknown {
    if (typeof value === 'string') return this.string(value, key);
    if (typeof value === 'number') return key === 'latency_ms' ? 1 : value;
    if (Array.isArray(value)) return value.map((v) => this.value(v, key));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.value(v, k)]));
    }
    return value;
  }

  /** Path and query of a URL: ids, wamids and times in it too. */
  url(url: string): string {
    return url
      .replace(/\/invites\/[A-Za-z0-9_-]{43}/g, '/invites/EXAMPLETOKEN000000000000000000000000000000')
      .replace(ISO_TIME_IN_TEXT, '2026-01-01T09:00:00.000Z')
      .replace(UUID_IN_TEXT, (id) => this.id(id))
      .replace(WAMID_IN_TEXT, (w) => this.wamid(w));
  }

  /** An event stream's text: event ids and the JSON of each `data:` line. */
  eventStream(text: string): string {
    return text
      .split('\n')
      .map((line) => {
        if (line.startsWith('id: ')) return 'id: 1767258000000-0';
        if (line.startsWith('data: ')) {
          try {
            return `data: ${JSON.stringify(this.value(JSON.parse(line.slice(6))))}`;
          } catch {
            return line;
          }
        }
        return line;
      })
      .join('\n');
  }

  private string(s: string, key: string): string {
    if (UUID.test(s)) return this.id(s);
    if (ISO_TIME.test(s)) return '2026-01-01T09:00:00.000Z';
    // A report's days: the same real day always the same stand-in, in order (they are listed oldest first).
    if (key === 'date' && ISO_DATE.test(s)) return this.date(s);
    if (key === 'next_cursor' || key === 'cursor') return this.cursor(s);
    if (key === 'timestamp' && /^\d{10}$/.test(s)) return '1767258000';
    // Secrets made at random: an API key and its prefix, one-time invite tokens.
    if (/^sk_live_[A-Za-z0-9_-]{43}$/.test(s)) return 'sk_live_EXAMPLEKEY0000000000000000000000000000000';
    if (key === 'prefix' && s.startsWith('sk_live_')) return 'sk_live_EXAM';
    s = s.replace(/\/invite\/[A-Za-z0-9_-]{43}/g, '/invite/EXAMPLETOKEN000000000000000000000000000000');
    return s.replace(UUID_IN_TEXT, (id) => this.id(id)).replace(WAMID_IN_TEXT, (w) => this.wamid(w));
  }

  private id(id: string): string {
    const lower = id.toLowerCase();
    let stand = this.ids.get(lower);
    if (!stand) {
      stand = `00000000-0000-4000-8000-${String(this.ids.size + 1).padStart(12, '0')}`;
      this.ids.set(lower, stand);
    }
    return stand;
  }

  private date(date: string): string {
    let stand = this.dates.get(date);
    if (!stand) {
      stand = new Date(Date.UTC(2026, 0, 1 + this.dates.size)).toISOString().slice(0, 10);
      this.dates.set(date, stand);
    }
    return stand;
  }

  private wamid(w: string): string {
    let stand = this.wamids.get(w);
    if (!stand) {
      stand = `wamid.EXAMPLE${String(this.wamids.size + 1).padStart(4, '0')}`;
      this.wamids.set(w, stand);
    }
    return stand;
  }

  /**
   * Cursors are base64url JSON `[time, id]` (an export's `[kind, microseconds, id]`): re-encoded from
   * the normalised parts, so they stay valid.
   */
  private cursor(cursor: string): string {
    try {
      const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
      const normalised = this.value(parts);
      const stable = Array.isArray(normalised) ? normalised.map((p) => (typeof p === 'string' && /^\d{13,}$/.test(p) ? '1767258000000000' : p)) : normalised;
      return Buffer.from(JSON.stringify(stable)).toString('base64url');
    } catch {
      return cursor;
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const WAMID_IN_TEXT = /wamid\.[A-Za-z0-9+/=_-]+/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME_IN_TEXT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
