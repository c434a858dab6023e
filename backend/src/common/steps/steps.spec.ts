import { OutcomeUnknown, runSteps, type Step, type UndoFailure } from './steps';

/** A step that records what it did and undid in `log`, failing when told to. */
function step(log: string[], name: string, { fails = false, undoFails = false } = {}): Step {
  return {
    name,
    run: async () => {
      if (fails) throw new Error(`${name} refused`);
      log.push(`run ${name}`);
    },
    undo: async () => {
      if (undoFails) throw new Error(`${name} could not be undone`);
      log.push(`undo ${name}`);
    },
  };
}

describe('runSteps', () => {
  it('runs every step in order and undoes nothing when all succeed', async () => {
    const log: string[] = [];
    await runSteps([step(log, 'units'), step(log, 'coupon'), step(log, 'order')]);
    expect(log).toEqual(['run units', 'run coupon', 'run order']);
  });

  it('a step that fails undoes the steps before it in reverse order, once each, and fails with its error', async () => {
    const log: string[] = [];
    await expect(runSteps([step(log, 'units'), step(log, 'coupon'), step(log, 'slot', { fails: true }), step(log, 'order')])).rejects.toThrow('slot refused');
    expect(log).toEqual(['run units', 'run coupon', 'undo coupon', 'undo units']);
  });

  it('the first step failing undoes nothing', async () => {
    const log: string[] = [];
    await expect(runSteps([step(log, 'units', { fails: true }), step(log, 'coupon')])).rejects.toThrow('units refused');
    expect(log).toEqual([]);
  });

  it('a failing undo is reported, the others still run, and the step’s own error is the one thrown', async () => {
    const log: string[] = [];
    const failures: UndoFailure[] = [];
    await expect(
      runSteps([step(log, 'units'), step(log, 'coupon', { undoFails: true }), step(log, 'order', { fails: true })], (failure) => failures.push(failure)),
    ).rejects.toThrow('order refused');
    expect(log).toEqual(['run units', 'run coupon', 'undo units']);
    expect(failures.map((f) => [f.step, (f.error as Error).message])).toEqual([['coupon', 'coupon could not be undone']]);
  });

  it('an outcome not known (the database went away mid-write) undoes nothing and fails with the error it carries', async () => {
    const log: string[] = [];
    const away = new Error('database away');
    const unknown: Step = {
      name: 'order',
      run: () => Promise.reject(new OutcomeUnknown(away)),
    };
    await expect(runSteps([step(log, 'units'), unknown])).rejects.toBe(away);
    expect(log).toEqual(['run units']);
  });

  it('steps without an undo are passed over when undoing', async () => {
    const log: string[] = [];
    const check: Step = { name: 'check', run: async () => log.push('run check') };
    await expect(runSteps([check, step(log, 'units'), step(log, 'order', { fails: true })])).rejects.toThrow('order refused');
    expect(log).toEqual(['run check', 'run units', 'undo units']);
  });
});
