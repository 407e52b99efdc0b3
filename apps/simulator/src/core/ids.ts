import { randomBytes } from 'node:crypto';

/** Random per process, so two simulators (or one restarted) do not hand out the same ids. */
const processTag = randomBytes(4).toString('hex').toUpperCase();
let issued = 0;

/**
 * A wamid shaped like Meta's: `wamid.` + base64 of a small binary record holding the user's number
 * and a hex id (`HBgL` + base64 digits + ...). Outbound and inbound ids differ in their marker
 * bytes, as in the fixtures. The hex id is this process's tag and a counter: never repeats within a
 * process, and costs no lookup in a set of every id ever issued (a soak run issues millions).
 */
export function newWamid(waId: string, direction: 'outbound' | 'inbound' = 'outbound'): string {
  const number = waId.replace(/\D/g, '').slice(0, 20) || '0';
  const [marker, hexLength] = direction === 'outbound' ? [0x11, 18] : [0x12, 20];
  issued += 1;
  const hex =
    processTag +
    issued
      .toString(16)
      .toUpperCase()
      .padStart(hexLength - processTag.length, '0');
  const record = Buffer.concat([
    Buffer.from([0x1c, 0x18, number.length]),
    Buffer.from(number, 'ascii'),
    Buffer.from([0x15, 0x02, 0x00, marker, 0x18, hexLength]),
    Buffer.from(hex, 'ascii'),
    Buffer.from([0x00]),
  ]);
  return `wamid.${record.toString('base64')}`;
}

/** Graph's per-request trace id, shown in error bodies. */
export function newFbtraceId(): string {
  return `A${randomBytes(17).toString('base64url').slice(0, 22)}`;
}

/** Numeric ids as Graph uses for media. */
export function newNumericId(digits = 16): string {
  let id = String(1 + ((randomBytes(1)[0] ?? 0) % 9));
  while (id.length < digits) id += String((randomBytes(1)[0] ?? 0) % 10);
  return id;
}

export function newHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

export function newSha256Base64(): string {
  return randomBytes(32).toString('base64');
}
