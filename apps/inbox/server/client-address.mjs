// Who the client is, as the inbox tells the API (X-Forwarded-For). Next.js keeps whatever
// X-Forwarded-For a visitor sends, so a browser could name any address it likes, and the API's
// per-address sign-in throttle would count each guess against another one. The inbox decides:
// the address its socket saw, unless that is a proxy it was told to trust (INBOX_TRUSTED_PROXIES),
// whose forwarded chain is then followed from the right past every trusted hop.

/** `loopback`, and addresses, comma-separated: the proxies in front of the inbox. Empty: none. */
export function parseTrustedProxies(spec) {
  const entries = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const addresses = new Set(entries.filter((e) => e !== 'loopback').map(normaliseAddress));
  const loopback = entries.includes('loopback');
  return (address) => addresses.has(address) || (loopback && isLoopback(address));
}

/** The one client address to forward: the socket's peer, or what trusted proxies say it was. */
export function clientAddress(peer, forwarded, trusted) {
  const chain = [
    ...(Array.isArray(forwarded) ? forwarded : [forwarded ?? ''])
      .flatMap((h) => h.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
    peer ?? '',
  ].map(normaliseAddress);
  let at = chain.length - 1;
  while (at > 0 && trusted(chain[at])) at--;
  return chain[at] || 'unknown';
}

/** `::ffff:203.0.113.5` is 203.0.113.5 (an IPv4 client on a dual-stack socket). */
export function normaliseAddress(address) {
  const a = address.trim().toLowerCase();
  return a.startsWith('::ffff:') && a.includes('.') ? a.slice(7) : a;
}

function isLoopback(address) {
  return address === '::1' || address.startsWith('127.');
}
