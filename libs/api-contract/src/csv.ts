// The CSV a campaign's recipients are uploaded as: the API reads every row with it, the inbox its
// header (to map columns to the template's variables) before uploading.

/** One record of a CSV file: its fields and the line it starts on (1 = the header). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface CsvParse {
  records: CsvRecord[];
  problem: { line: number; reason: string } | null;
}

/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF or LF, a field in double quotes may
 * hold commas, line breaks and doubled quotes. A byte-order mark is dropped; blank lines are skipped.
 * A quote left open at the end is reported by the line its record starts on.
 */
export function parseCsv(text: string): CsvParse {
  const parser = new CsvParser(text);
  parser.step(Number.POSITIVE_INFINITY);
  return parser.result();
}

/**
 * parseCsv a slice at a time: `step(n)` reads up to n more characters, so a server can hand its
 * event loop back between slices of a large upload. Same rules and result as parseCsv.
 */
export class CsvParser {
  private readonly src: string;
  private readonly records: CsvRecord[] = [];
  private i = 0;
  private line = 1;
  private start = 1;
  private fields: string[] = [];
  private field = '';
  private quoted = false;
  private wasQuoted = false;
  private finished = false;

  constructor(text: string) {
    this.src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }

  /** Reads up to `maxChars` more characters; true once the whole text is read. */
  step(maxChars: number): boolean {
    if (this.finished) return true;
    const src = this.src;
    const end = Math.min(src.length, this.i + maxChars);
    let i = this.i;
    for (; i < end; i++) {
      const c = src[i]!;
      if (this.quoted) {
        if (c === '"') {
          if (src[i + 1] === '"') {
            this.field += '"';
            i++;
          } else this.quoted = false;
        } else {
          if (c === '\n') this.line++;
          this.field += c;
        }
        continue;
      }
      if (c === '"' && this.field === '') {
        this.quoted = true;
        this.wasQuoted = true;
      } else if (c === ',') {
        this.fields.push(this.field);
        this.field = '';
      } else if (c === '\n' || c === '\r') {
        if (c === '\r' && src[i + 1] === '\n') i++;
        this.endRecord();
        this.line++;
        this.start = this.line;
      } else this.field += c;
    }
    this.i = i;
    if (i < src.length) return false;
    if (!this.quoted && (this.field !== '' || this.fields.length > 0 || this.wasQuoted)) this.endRecord();
    this.finished = true;
    return true;
  }

  /** What was read; call once step() has returned true. */
  result(): CsvParse {
    return { records: this.records, problem: this.quoted ? { line: this.start, reason: 'a quoted field is never closed' } : null };
  }

  private endRecord(): void {
    this.fields.push(this.field);
    if (!(this.fields.length === 1 && this.fields[0] === '' && !this.wasQuoted)) this.records.push({ line: this.start, fields: this.fields });
    this.fields = [];
    this.field = '';
    this.wasQuoted = false;
  }
}
