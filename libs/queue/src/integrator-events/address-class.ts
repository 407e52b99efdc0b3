/**
 * Which IP addresses an event endpoint may not reach unless EVENT_ENDPOINTS_ALLOW_PRIVATE=true:
 * anything that is not a public unicast address, so nobody can point Sendbook at the machine it
 * runs on or the network behind it. Pure parsing, no `node:net`, so it is the same everywhere.
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'unspecified' | 'shared' | 'multicast' | 'reserved' | 'invalid';

interface Range {
  readonly base: bigint;
  readonly bits: number;
  readonly kind: Exclude<AddressClass, 'public' | 'invalid'>;
}

const V4_RANGES: readonly (readonly [string, number, Range['kind']])[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const V6_RANGES: readonly (readonly [string, number, Range['kind']])[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link_local'],
  ['fec0::', 10, 'private'],
  ['ff00::', 8, 'multicast'],
];

/** IPv6 prefixes that carry an IPv4 address in their last 32 bits (or bits 16–48 for 6to4). */
const V4_MAPPED = parseV6('::ffff:0:0')!;
const V4_TRANSLATED = parseV6('64:ff9b::')!;
const SIX_TO_FOUR = parseV6('2002::')!;

export function parseV4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // Decimal only: `0x7f.1` or `0177.0.0.1` are ways to smuggle 127.0.0.1 past a naive check.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

export function parseV6(input: string): bigint | null {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null;
  let tailV4: bigint | null = null;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    tailV4 = parseV4(text.slice(lastColon + 1));
    if (tailV4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  if (tailV4 !== null) value = (value & ~0xffffffffn) | tailV4;
  return value;
}

const ranges = (list: typeof V4_RANGES, width: number, parse: (s: string) => bigint | null): Range[] =>
  list.map(([base, bits, kind]) => ({ base: parse(base)! >> BigInt(width - bits), bits, kind }));
const V4 = ranges(V4_RANGES, 32, parseV4);
const V6 = ranges(V6_RANGES, 128, parseV6);

function inRanges(value: bigint, width: number, list: readonly Range[]): Range['kind'] | null {
  for (const range of list) if (value >> BigInt(width - range.bits) === range.base) return range.kind;
  return null;
}

function classifyV4(value: bigint): AddressClass {
  if (value === 0xffffffffn) return 'reserved';
  return inRanges(value, 32, V4) ?? 'public';
}

/** The class of an IP address as text (IPv4 dotted decimal, or IPv6 with optional brackets / zone). */
export function classifyAddress(address: string): AddressClass {
  const v4 = parseV4(address);
  if (v4 !== null) return classifyV4(v4);
  const v6 = parseV6(address);
  if (v6 === null) return 'invalid';
  const low32 = v6 & 0xffffffffn;
  if (v6 >> 32n === V4_MAPPED >> 32n || v6 >> 32n === V4_TRANSLATED >> 32n) return classifyV4(low32);
  // IPv4-compatible (::a.b.c.d, deprecated), but not :: and ::1 themselves.
  if (v6 >> 32n === 0n && v6 > 1n) return classifyV4(low32);
  if (v6 >> 112n === SIX_TO_FOUR >> 112n) return classifyV4((v6 >> 80n) & 0xffffffffn);
  return inRanges(v6, 128, V6) ?? 'public';
}

/** Whether Sendbook may send events to this address. */
export const isPublicAddress = (address: string): boolean => classifyAddress(address) === 'public';
