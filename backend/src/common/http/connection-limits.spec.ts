import { defaultMaxConnections, healthBand, reserveSpaceFor, softOpenFileLimit } from './connection-limits';

describe('the connection ceiling', () => {
  it('defaults to 80 % of the soft open-file limit', () => {
    expect(defaultMaxConnections(20_000)).toBe(16_000);
    expect(defaultMaxConnections(1_024)).toBe(819);
    expect(defaultMaxConnections(10)).toBe(16);
  });

  it('keeps the ceiling and its health band below the limit', () => {
    for (const limit of [256, 1_024, 20_000, 1_048_576]) {
      const total = defaultMaxConnections(limit);
      expect(total + healthBand(total)).toBeLessThan(limit * 0.9);
    }
    expect(healthBand(80)).toBe(4);
    expect(healthBand(16_000)).toBe(256);
  });

  it('reads this process’s soft limit', () => {
    const limit = softOpenFileLimit();
    expect(Number.isInteger(limit) && limit! > 0).toBe(true);
  });
});

describe('the health probe’s reserve over the ceiling', () => {
  const answering = (...sockets: object[]) => new Set(sockets);

  it('a newcomer takes the place of the oldest connection that has sent nothing', () => {
    const [probe, halfSent, silentOld, silentNew] = [{ bytesRead: 40 }, { bytesRead: 12 }, { bytesRead: 0 }, { bytesRead: 0 }];
    expect(reserveSpaceFor([probe, halfSent, silentOld, silentNew], answering(probe))).toBe(silentOld);
  });

  it('else of the oldest whose request is not a health probe being answered (a half-sent one)', () => {
    const [probe, halfSentOld, halfSentNew] = [{ bytesRead: 40 }, { bytesRead: 12 }, { bytesRead: 3 }];
    expect(reserveSpaceFor([probe, halfSentOld, halfSentNew], answering(probe))).toBe(halfSentOld);
  });

  it('and of none while every place is answering a probe (the newcomer is refused)', () => {
    const probes = [{ bytesRead: 40 }, { bytesRead: 0 }];
    expect(reserveSpaceFor(probes, answering(...probes))).toBeUndefined();
  });
});
