import { isInfrastructureError } from './infrastructure-error.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isInfrastructureError', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:6379')],
    ['a reset', withCode('ECONNRESET')],
    ['ioredis with the connection down', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['ioredis closed', new Error('Connection is closed.')],
    ['ioredis out of retries', Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' })],
    ['pg statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['pg shutting down', withCode('57P01', 'terminating connection due to administrator command')],
    ['pg too many connections', withCode('53300', 'sorry, too many clients already')],
    ['pg connection failure', withCode('08006')],
    ['pg deadlock', withCode('40P01')],
    ['pg pool timeout', new Error('timeout exceeded when trying to connect')],
    ['pg connection lost', new Error('Connection terminated unexpectedly')],
    ['a Redis Cluster slot without a master', Object.assign(new Error('CLUSTERDOWN The cluster is down'), { name: 'ReplyError' })],
    ['ioredis out of cluster redirections', new Error('Too many Cluster redirections. Last error: ReplyError: CLUSTERDOWN The cluster is down')],
    ['ioredis unable to read the cluster slots', Object.assign(new Error('Failed to refresh slots cache.'), { name: 'ClusterAllFailedError' })],
    ['a Redis Cluster mid-resharding', Object.assign(new Error('TRYAGAIN Multiple keys request during rehashing of slot'), { name: 'ReplyError' })],
    ['pg client-side query time-out', new Error('Query read timeout')],
    ['TypeORM wrapping a pg timeout', Object.assign(new Error('Query failed'), { driverError: withCode('57014') })],
    ['a cause chain', Object.assign(new Error('outer'), { cause: withCode('ETIMEDOUT') })],
  ])('%s is infrastructure', (_label, error) => {
    expect(isInfrastructureError(error)).toBe(true);
  });

  it.each([
    ['a TypeError from bad data', new TypeError("Cannot read properties of null (reading 'type')")],
    ['a RangeError', new RangeError('Invalid time value')],
    ['a Lua script error', Object.assign(new Error('ERR Error running script: user_script:12: attempt to compare nil with number'), { name: 'ReplyError' })],
    ['pg invalid input', withCode('22P02', 'invalid input syntax for type uuid')],
    ['pg check violation', withCode('23514')],
    ['not an error at all', 'boom'],
    ['null', null],
  ])('%s is about the row', (_label, error) => {
    expect(isInfrastructureError(error)).toBe(false);
  });
});
