import { firstSeedUrl, parseRedisClusterNodes } from './redis-cluster-nodes.js';

describe('parseRedisClusterNodes (REDIS_CLUSTER_NODES)', () => {
  it('host:port seeds, IPv6 in brackets, spaces around commas', () => {
    expect(parseRedisClusterNodes('10.0.0.1:7000, redis-2.internal:7001,[::1]:7002')).toEqual({
      value: {
        nodes: [
          { host: '10.0.0.1', port: 7000 },
          { host: 'redis-2.internal', port: 7001 },
          { host: '::1', port: 7002 },
        ],
        username: null,
        password: null,
        tls: false,
      },
      problems: [],
    });
  });

  it("URL seeds carry the cluster's login and TLS, the same for every node", () => {
    const { value, problems } = parseRedisClusterNodes('rediss://app:s%40cret@a.example:6380,rediss://app:s%40cret@b.example:6380');
    expect(problems).toEqual([]);
    expect(value).toEqual({
      nodes: [
        { host: 'a.example', port: 6380 },
        { host: 'b.example', port: 6380 },
      ],
      username: 'app',
      password: 's@cret',
      tls: true,
    });
    expect(firstSeedUrl(value)).toBe('rediss://app:s%40cret@a.example:6380');
  });

  it.each([
    ['10.0.0.1', '"10.0.0.1" is not host:port'],
    ['10.0.0.1:99999', '"10.0.0.1:99999" has no valid port'],
    ['10.0.0.1:7000,', 'an empty entry (a stray comma?)'],
    ['http://a:7000', '"http://a:7000" is not redis:// or rediss://'],
    ['redis://a', '"redis://a" has no port'],
    ['redis://a:7000/2', '"redis://a:7000/2" names a database (a cluster has only 0)'],
    ['redis://u:pw@a:7000,b:7000', 'the seeds disagree on login or TLS (every node is reached the same way)'],
  ])('%s: %s', (spec, problem) => {
    expect(parseRedisClusterNodes(spec).problems).toEqual([problem]);
  });

  it('never repeats a password in a problem', () => {
    expect(parseRedisClusterNodes('redis://user:hunter22@a:7000/3').problems).toEqual(['"redis://user:***@a:7000/3" names a database (a cluster has only 0)']);
  });
});
