import { Cluster } from 'ioredis';
import { bullPrefix, createBullConnection } from './redis-clients.js';

const single = { redisUrl: 'redis://:pw@10.0.0.5:6380/2', redisCluster: null, redisPrefix: 'sendbook' };
const cluster = {
  redisUrl: 'redis://10.0.0.1:7000',
  redisCluster: { nodes: [{ host: '10.0.0.1', port: 7000 }], username: null, password: 'pw', tls: false },
  redisPrefix: 'sendbook',
};

describe('Redis clients', () => {
  it("BullMQ's prefix: as it always was on one server; a hash tag per queue on a cluster", () => {
    expect(bullPrefix(single, 'outbound')).toBe('sendbook');
    expect(bullPrefix(cluster, 'outbound')).toBe('{sendbook:outbound}');
    expect(bullPrefix(cluster, 'webhooks')).toBe('{sendbook:webhooks}');
  });

  it('BullMQ on one server connects from options; on a cluster through one lazily connected Cluster client', () => {
    expect(createBullConnection(single)).toMatchObject({ host: '10.0.0.5', port: 6380, password: 'pw', db: 2, maxRetriesPerRequest: null });
    const client = createBullConnection(cluster) as Cluster;
    try {
      expect(client).toBeInstanceOf(Cluster);
      // Nothing connects before BullMQ asks; blocking commands wait for Redis instead of failing.
      expect(client.status).toBe('wait');
      expect(client.options.redisOptions).toMatchObject({ password: 'pw', maxRetriesPerRequest: null });
    } finally {
      client.disconnect();
    }
  });
});
