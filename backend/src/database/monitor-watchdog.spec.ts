import { OpenChecks } from './monitor-watchdog';

describe("OpenChecks: the driver's server checks still open", () => {
  const limits = { connectTimeoutMS: 3_000, heartbeatFrequencyMS: 1_000, graceMS: 5_000 };

  it('a check answered or failed is no longer open; one open past its time-outs and the grace is stuck', () => {
    const checks = new OpenChecks(limits);
    checks.started('db:27017', false, 0);
    expect(checks.stuck(8_000)).toBeUndefined();
    expect(checks.stuck(8_001)).toBe('db:27017');
    checks.ended('db:27017');
    expect(checks.stuck(60_000)).toBeUndefined();
  });

  it('an awaited check (the server holds it up to heartbeatFrequencyMS) gets that much longer', () => {
    const checks = new OpenChecks(limits);
    checks.started('db:27017', true, 0);
    expect(checks.stuck(9_000)).toBeUndefined();
    expect(checks.stuck(9_001)).toBe('db:27017');
  });

  it('a new check of the same server replaces the last one (streaming: started again after each answer); clear forgets all', () => {
    const checks = new OpenChecks(limits);
    checks.started('db:27017', true, 0);
    checks.started('db:27017', true, 8_500);
    expect(checks.stuck(12_000)).toBeUndefined();
    checks.started('other:27017', false, 0);
    expect(checks.stuck(12_000)).toBe('other:27017');
    checks.clear();
    expect(checks.stuck(100_000)).toBeUndefined();
  });
});
