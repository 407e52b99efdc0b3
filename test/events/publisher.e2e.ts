import { Redis } from 'ioredis';
import { JsonLogger } from '../../apps/api/src/common/logging/json-logger.js';
import type { AppConfig } from '../../apps/api/src/config/config.schema.js';
import { EventsPublisher, eventsStreamKey } from '../../apps/api/src/modules/events/events.publisher.js';
import { deleteKeys } from '../support/redis-keys.mjs';
import { testInfra } from '../support/test-infra.js';

describe('EventsPublisher against a real Redis', () => {
  const prefix = `${testInfra().runId}:publisher`;
  const streamKey = eventsStreamKey(prefix);
  let reader: Redis;
  beforeAll(() => {
    reader = new Redis(testInfra().redisUrl);
  });
  afterAll(async () => {
    await deleteKeys(reader, `${prefix}*`);
    reader.disconnect();
  });

  /** A publisher on its own connection, counting the pipelines it sends. */
  function publisherOn(redis: Redis): { publisher: EventsPublisher; pipelines: () => number } {
    let pipelines = 0;
    const pipeline = redis.pipeline.bind(redis);
    redis.pipeline = ((...args: Parameters<Redis['pipeline']>) => {
      pipelines += 1;
      return pipeline(...args);
    }) as Redis['pipeline'];
    const config = { redisPrefix: prefix } as AppConfig;
    return { publisher: new EventsPublisher(redis, config, new JsonLogger('silent')), pipelines: () => pipelines };
  }

  const published = async (): Promise<Record<string, unknown>[]> =>
    (await reader.xrange(streamKey, '-', '+')).map(([, fields]) => JSON.parse(fields[3] ?? '{}') as Record<string, unknown>);

  it('sends the events of one turn of the event loop in one pipeline, in the order raised', async () => {
    await reader.del(streamKey);
    const redis = new Redis(testInfra().redisUrl);
    const { publisher, pipelines } = publisherOn(redis);
    for (const n of [1, 2, 3]) publisher.publish('message.status', { message_id: `m${n}` });
    await new Promise((resolve) => setImmediate(resolve));
    await redis.ping();
    expect(pipelines()).toBe(1);
    expect((await published()).map((e) => e.message_id)).toEqual(['m1', 'm2', 'm3']);
    redis.disconnect();
  });

  it('once the app is shutting down, an event goes out before the client is closed under it', async () => {
    await reader.del(streamKey);
    const redis = new Redis(testInfra().redisUrl);
    await redis.ping();
    const { publisher } = publisherOn(redis);
    publisher.publish('message.status', { message_id: 'before' });
    publisher.beforeApplicationShutdown();
    publisher.publish('work_item.changed', { message_id: 'during drain' });
    // As RedisModule does on shutdown, with nothing in between.
    redis.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await published()).map((e) => e.message_id)).toEqual(['before', 'during drain']);
  });
});
