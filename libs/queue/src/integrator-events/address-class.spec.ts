import { classifyAddress, isPublicAddress, parseV6 } from './address-class.js';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link_local'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1%eth0', 'link_local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link_local'],
    ['::127.0.0.1', 'loopback'],
    ['2002:c0a8:0101::1', 'private'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '172.15.255.255', '172.32.0.1', '192.169.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001:82a::200e'])(
    '%s is public',
    (address) => {
      expect(classifyAddress(address)).toBe('public');
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each(['localhost', '0177.0.0.1', '0x7f.0.0.1', '127.1', '256.0.0.1', '1:2:3:4:5:6:7:8:9', '1::2::3', '', 'fe80::zz'])(
    '%s is not an address it accepts',
    (text) => {
      expect(classifyAddress(text)).toBe('invalid');
      expect(isPublicAddress(text)).toBe(false);
    },
  );

  it('parses IPv6 forms to the same number', () => {
    expect(parseV6('::ffff:127.0.0.1')).toBe(parseV6('0:0:0:0:0:ffff:7f00:0001'));
    expect(parseV6('2001:db8::1')).toBe(parseV6('2001:0db8:0000:0000:0000:0000:0000:0001'));
  });
});
