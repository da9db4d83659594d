import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrap } from './bootstrap';

afterEach(() => {
  delete window.__BRIZO_CONFIG__;
  vi.restoreAllMocks();
});

describe('bootstrap without baseUrl', () => {
  it.each([
    ['no configuration at all', undefined],
    ['a configuration without baseUrl', { mainAppUrl: 'https://app.example.test' }],
    ['an empty baseUrl', { baseUrl: '  ' }],
  ])('alerts naming the baseUrl option and leaves the page empty (%s)', (_, config) => {
    window.__BRIZO_CONFIG__ = config;
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const container = document.createElement('div');
    container.innerHTML = '<p>placeholder</p>';
    document.body.classList.add('loading');

    expect(bootstrap(container)).toBe(false);

    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert.mock.calls[0]?.[0]).toContain('baseUrl');
    expect(container).toBeEmptyDOMElement();
    expect(document.body).not.toHaveClass('loading');
  });
});
