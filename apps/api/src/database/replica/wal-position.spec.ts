import { formatWalPosition, parseWalPosition, walPositionFromKey, walPositionKey } from './wal-position.js';

describe('WAL positions', () => {
  it("reads PostgreSQL's pg_lsn text as a byte offset, and writes it back the same", () => {
    expect(parseWalPosition('0/3016060')).toBe(0x3016060n);
    expect(parseWalPosition('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(formatWalPosition(parseWalPosition('16/B374D848')!)).toBe('16/B374D848');
    expect(formatWalPosition(0n)).toBe('0/0');
  });

  it('is null for what is no position (NULL on a server that is not a standby, garbage)', () => {
    expect(parseWalPosition(null)).toBeNull();
    expect(parseWalPosition('')).toBeNull();
    expect(parseWalPosition('16-B374D848')).toBeNull();
    expect(parseWalPosition('123456789/0')).toBeNull();
  });

  it('keys compare as text the way positions compare as numbers (the Redis script keeps the larger by text)', () => {
    const positions = ['0/0', '0/FFFFFFFF', '1/0', '1/A', 'A/1', '10/0', 'FFFFFFFF/FFFFFFFF'].map((t) => parseWalPosition(t)!);
    const keys = positions.map(walPositionKey);
    expect(keys.every((k) => k.length === 16)).toBe(true);
    expect([...keys].sort()).toEqual(keys);
    expect(keys.map(walPositionFromKey)).toEqual(positions);
    expect(walPositionFromKey('not a key')).toBeNull();
    expect(walPositionFromKey(null)).toBeNull();
  });
});
