import { describe, expect, it } from 'vitest';
import { EndpointRefused, endpointPolicy, isPrivateAddress } from './endpoint-policy.ts';

const publicLookup = async () => ['142.250.74.10'];

describe('push endpoint policy', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGh3',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('accepts %s', async (endpoint) => {
    await expect(endpointPolicy({ allowlist: [], lookup: publicLookup })(endpoint)).resolves.toBeUndefined();
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/abc', 'https'],
    ['https://fcm.googleapis.com.evil.example/abc', 'known push service'],
    ['https://push.apple.com.example.org/x', 'known push service'],
    ['https://user:pw@fcm.googleapis.com/fcm/send/abc', 'https'],
    ['not a url', 'not a URL'],
  ])('refuses %s', async (endpoint, reason) => {
    await expect(endpointPolicy({ allowlist: [], lookup: publicLookup })(endpoint)).rejects.toThrow(reason);
  });

  it('refuses a known push service name that resolves to a private or loopback address', async () => {
    for (const address of ['10.0.0.7', '127.0.0.1', '::1', '::ffff:192.168.1.2', 'fd00::1', '169.254.169.254']) {
      const check = endpointPolicy({ allowlist: [], lookup: async () => ['142.250.74.10', address] });
      await expect(check('https://fcm.googleapis.com/fcm/send/abc')).rejects.toBeInstanceOf(EndpointRefused);
    }
  });

  it('refuses a name that does not resolve', async () => {
    const check = endpointPolicy({
      allowlist: [],
      lookup: async () => {
        throw new Error('ENOTFOUND');
      },
    });
    await expect(check('https://fcm.googleapis.com/fcm/send/abc')).rejects.toThrow('could not be found');
  });

  it('accepts a known push service whose name does not resolve now when told to (subscribing; each send checks again)', async () => {
    const check = endpointPolicy({
      allowlist: [],
      unresolvable: 'accept',
      lookup: async () => {
        throw new Error('ENOTFOUND');
      },
    });
    await expect(check('https://fcm.googleapis.com/fcm/send/abc')).resolves.toBeUndefined();
    // Still only https endpoints of the known services.
    await expect(check('https://push.example.net/abc')).rejects.toThrow('known push service');
    await expect(check('http://fcm.googleapis.com/fcm/send/abc')).rejects.toThrow('https');
    // And one that does resolve, to a private address, is still refused.
    const privateCheck = endpointPolicy({ allowlist: [], unresolvable: 'accept', lookup: async () => ['10.1.2.3'] });
    await expect(privateCheck('https://fcm.googleapis.com/fcm/send/abc')).rejects.toThrow('private address');
  });

  it('accepts any endpoint of an allowlisted origin, and only of that origin', async () => {
    const check = endpointPolicy({ allowlist: ['http://127.0.0.1:3944'], lookup: publicLookup });
    await expect(check('http://127.0.0.1:3944/push/1')).resolves.toBeUndefined();
    await expect(check('http://127.0.0.1:3945/push/1')).rejects.toBeInstanceOf(EndpointRefused);
  });

  it('knows private addresses', () => {
    expect(isPrivateAddress('192.168.0.1')).toBe(true);
    expect(isPrivateAddress('100.64.1.1')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2001:4860:4860::8888')).toBe(false);
  });
});
