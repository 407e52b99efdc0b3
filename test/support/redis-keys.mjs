/** Deletes every key matching `pattern` without blocking Redis (SCAN, not KEYS). */
export async function deleteKeys(redis, pattern) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await redis.unlink(...keys);
  } while (cursor !== '0');
}
