import { hostAllowed, isPublicAddress, KNOWN_PUSH_HOSTS, PushEndpointPolicy } from './push-endpoint';

describe('push endpoint policy', () => {
  it('counts only public unicast addresses as public', () => {
    for (const address of ['142.250.183.10', '2a00:1450:4009:81f::200a', '::ffff:8.8.8.8'])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: true });
    const reserved = [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '198.18.0.1',
      '192.0.2.1',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
      '2001:db8::1',
      'not an address',
    ];
    for (const address of reserved) expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
  });

  it('matches host names exactly or under a *. prefix', () => {
    expect(hostAllowed('fcm.googleapis.com', KNOWN_PUSH_HOSTS)).toBe(true);
    expect(hostAllowed('FCM.googleapis.com.', KNOWN_PUSH_HOSTS)).toBe(true);
    expect(hostAllowed('web.push.apple.com', KNOWN_PUSH_HOSTS)).toBe(true);
    expect(hostAllowed('wns2-par02p.notify.windows.com', KNOWN_PUSH_HOSTS)).toBe(true);
    expect(hostAllowed('updates.push.services.mozilla.com', KNOWN_PUSH_HOSTS)).toBe(true);
    expect(hostAllowed('push.apple.com', KNOWN_PUSH_HOSTS)).toBe(false);
    expect(hostAllowed('evilpush.apple.com', KNOWN_PUSH_HOSTS)).toBe(false);
    expect(hostAllowed('fcm.googleapis.com.evil.example', KNOWN_PUSH_HOSTS)).toBe(false);
    expect(hostAllowed('xfcm.googleapis.com', KNOWN_PUSH_HOSTS)).toBe(false);
  });

  it('refuses http, addresses, credentials and unknown hosts; PUSH_ALLOWED_HOSTS adds hosts; test origins only exactly', () => {
    const policy = new PushEndpointPolicy({ PUSH_ALLOWED_HOSTS: 'push.example.net, *.push.example.org', PUSH_INSECURE_TEST_ORIGINS: 'http://127.0.0.1:4100' });
    expect(policy.refusal('https://fcm.googleapis.com/fcm/send/abc')).toBeNull();
    expect(policy.refusal('https://push.example.net/p/1')).toBeNull();
    expect(policy.refusal('https://a.push.example.org/p/1')).toBeNull();
    expect(policy.refusal('http://127.0.0.1:4100/push/1')).toBeNull();
    expect(policy.refusal('http://127.0.0.1:4101/push/1')).toMatch(/https/);
    expect(policy.refusal('http://fcm.googleapis.com/fcm/send/abc')).toMatch(/https/);
    expect(policy.refusal('https://8.8.8.8/push')).toMatch(/not an address/);
    expect(policy.refusal('https://[2a00:1450::1]/push')).toMatch(/not an address/);
    expect(policy.refusal('https://0x7f000001/push')).toMatch(/not an address/);
    expect(policy.refusal('https://u:p@fcm.googleapis.com/x')).toMatch(/user name/);
    expect(policy.refusal('https://push.example.org/p/1')).toMatch(/not a known push service/);
    expect(policy.refusal('not a url')).toMatch(/URL/);
  });

  it('refuses a host name that resolves to this machine, at check and at connect time', async () => {
    const policy = new PushEndpointPolicy({ PUSH_ALLOWED_HOSTS: 'localhost' });
    await expect(policy.check('https://localhost/push/1')).rejects.toThrow(/private or reserved/);
    await expect(
      new Promise((resolve, reject) => policy.lookup('localhost', { family: 4 }, (error, address) => (error ? reject(error) : resolve(address)))),
    ).rejects.toThrow(/private or reserved/);
  });
});
