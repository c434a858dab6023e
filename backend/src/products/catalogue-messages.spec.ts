import { Logger } from '@nestjs/common';
import { ChangeWatchers, MOST_IDS_PER_PUSH, type CatalogueChange } from './catalogue-messages';

describe('ChangeWatchers', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function watched() {
    const watchers = new ChangeWatchers(new Logger('test'));
    const heard: CatalogueChange[] = [];
    watchers.add((change) => heard.push(change));
    return { watchers, heard };
  }

  it('tells the changes of a moment once, with the last version', () => {
    const { watchers, heard } = watched();
    watchers.note('a');
    watchers.soon(1);
    watchers.note('b');
    watchers.note('a');
    watchers.soon(2);
    expect(heard).toEqual([]);
    jest.runAllTimers();
    expect(heard).toEqual([{ version: 2, ids: ['a', 'b'] }]);
    jest.runAllTimers();
    expect(heard).toHaveLength(1);
  });

  it('tells nothing when nothing was noted, and "anything" after a full read or too many ids', () => {
    const { watchers, heard } = watched();
    watchers.soon(1);
    jest.runAllTimers();
    expect(heard).toEqual([]);
    watchers.everything();
    watchers.note('a');
    watchers.soon(2);
    jest.runAllTimers();
    for (let i = 0; i <= MOST_IDS_PER_PUSH; i++) watchers.note(`p${i}`);
    watchers.soon(3);
    jest.runAllTimers();
    expect(heard).toEqual([{ version: 2 }, { version: 3 }]);
  });

  it('a listener that throws does not keep the others from hearing; a removed one hears nothing', () => {
    const { watchers, heard } = watched();
    const removed: CatalogueChange[] = [];
    const stop = watchers.add((change) => removed.push(change));
    watchers.add(() => {
      throw new Error('boom');
    });
    stop();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    watchers.note('a');
    watchers.soon(1);
    jest.runAllTimers();
    expect(heard).toEqual([{ version: 1, ids: ['a'] }]);
    expect(removed).toEqual([]);
  });
});
