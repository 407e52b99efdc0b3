import { clientAddress, parseTrustedProxies } from './client-address.mjs';

describe('clientAddress: who the inbox tells the API the client is', () => {
  const none = parseTrustedProxies('');
  const lb = parseTrustedProxies('loopback, 10.0.0.5');

  it.each([
    ['a browser straight to the inbox: its own claim is ignored', '203.0.113.5', '198.51.100.1', none, '203.0.113.5'],
    ['a dual-stack socket’s IPv4 address', '::ffff:203.0.113.5', undefined, none, '203.0.113.5'],
    ['a browser on this machine, no proxy configured: still its socket', '127.0.0.1', '198.51.100.1', none, '127.0.0.1'],
    ['behind a trusted proxy: the address it saw', '10.0.0.5', '203.0.113.5', lb, '203.0.113.5'],
    ['a chain through two trusted hops, a forged entry on the left ignored', '127.0.0.1', '6.6.6.6, 203.0.113.5, 10.0.0.5', lb, '203.0.113.5'],
    ['several headers are one chain', '10.0.0.5', ['6.6.6.6', '203.0.113.9'], lb, '203.0.113.9'],
    ['a trusted proxy that says nothing: itself', '10.0.0.5', undefined, lb, '10.0.0.5'],
  ])('%s', (_name, peer, forwarded, trusted, client) => {
    expect(clientAddress(peer, forwarded, trusted)).toBe(client);
  });
});
