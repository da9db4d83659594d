import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPublicUrl, createOutboundFetch, isSpecialAddress, OutboundRefusedError } from './outbound.js';

describe('outbound calls to configured addresses (issue 13)', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isSpecialAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700::1111']) {
      expect(isSpecialAddress(address), address).toBe(false);
    }
  });

  it('refuses loopback and non-http schemes unless the host is allowed', async () => {
    await expect(assertPublicUrl('http://127.0.0.1:9/x', { allowHosts: [] })).rejects.toThrow(
      OutboundRefusedError,
    );
    await expect(assertPublicUrl('http://localhost:9/x', { allowHosts: [] })).rejects.toThrow(
      OutboundRefusedError,
    );
    await expect(assertPublicUrl('file:///etc/passwd', { allowHosts: ['localhost'] })).rejects.toThrow(
      OutboundRefusedError,
    );
    await expect(
      assertPublicUrl('http://localhost:9/x', { allowHosts: ['localhost'] }),
    ).resolves.toBeInstanceOf(URL);
  });

  describe('against a local server', () => {
    const server = createServer((request, response) => {
      if (request.url === '/to-metadata') response.writeHead(302, { location: '/metadata' }).end();
      else if (request.url === '/to-private')
        response.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
      else if (request.url === '/stall') setTimeout(() => response.end('late'), 2_000);
      else response.end('ok');
    });
    let base = '';
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('follows a redirect within allowed hosts and refuses one to a private address', async () => {
      const outbound = createOutboundFetch({ allowHosts: ['127.0.0.1'] });
      expect(await (await outbound(`${base}/to-metadata`)).text()).toBe('ok');
      await expect(outbound(`${base}/to-private`)).rejects.toThrow(OutboundRefusedError);
    });

    it('answers a redirect as it came when the call asks for redirect: manual (issue 14)', async () => {
      const outbound = createOutboundFetch({ allowHosts: ['127.0.0.1'] });
      const response = await outbound(`${base}/to-private`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('http://169.254.169.254/latest');
    });

    it('bounds a call by its own timeoutMs (issue 14)', async () => {
      const outbound = createOutboundFetch({ allowHosts: ['127.0.0.1'] });
      await expect(outbound(`${base}/stall`, { timeoutMs: 50 })).rejects.toThrow();
    });
  });
});
