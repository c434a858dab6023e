import { inCommands, UPDATES_PER_COMMAND } from './bulk-writes';

describe('bulk writes in commands of UPDATES_PER_COMMAND', () => {
  it('writes every op once, in order, in runs of at most UPDATES_PER_COMMAND, one run after another', async () => {
    const ops = Array.from({ length: 2 * UPDATES_PER_COMMAND + 3 }, (_, i) => i);
    const runs: number[][] = [];
    let writing = 0;
    await inCommands(ops, async (run) => {
      expect(writing).toBe(0);
      writing++;
      await new Promise((resolve) => setImmediate(resolve));
      runs.push(run);
      writing--;
    });
    expect(runs.map((run) => run.length)).toEqual([UPDATES_PER_COMMAND, UPDATES_PER_COMMAND, 3]);
    expect(runs.flat()).toEqual(ops);
  });

  it('sends no command for no ops', async () => {
    const write = jest.fn();
    await inCommands([], write);
    expect(write).not.toHaveBeenCalled();
  });
});
