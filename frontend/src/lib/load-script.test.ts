// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { loadScript } from './load-script';

const scripts = (src: string) => [...document.head.querySelectorAll('script')].filter((script) => script.src === src);

afterEach(() => {
  document.head.replaceChildren();
});

describe('loadScript', () => {
  it('adds a script once, however often it is asked for, and resolves when it has loaded', async () => {
    const src = 'https://checkout.test/once.js';
    const first = loadScript(src);
    const second = loadScript(src);
    expect(scripts(src)).toHaveLength(1);
    scripts(src)[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBeUndefined();
    await loadScript(src);
    expect(scripts(src)).toHaveLength(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const src = 'https://checkout.test/flaky.js';
    const failed = loadScript(src);
    scripts(src)[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(`Could not load ${src}`);
    expect(scripts(src)).toHaveLength(0);

    const retried = loadScript(src);
    expect(scripts(src)).toHaveLength(1);
    scripts(src)[0]!.dispatchEvent(new Event('load'));
    await expect(retried).resolves.toBeUndefined();
  });
});
