// @vitest-environment node
import { prefetchAllowed, prefetchChunks, prefetchWhenIdle } from './prefetch';

describe('prefetch', () => {
  it('is skipped on data-saver and 2g', () => {
    expect(prefetchAllowed({} as Navigator)).toBe(true);
    expect(prefetchAllowed({ connection: { saveData: true } } as unknown as Navigator)).toBe(false);
    expect(prefetchAllowed({ connection: { effectiveType: 'slow-2g' } } as unknown as Navigator)).toBe(false);
    expect(prefetchAllowed({ connection: { effectiveType: '4g' } } as unknown as Navigator)).toBe(true);
  });

  it('runs at most four loads at once and survives failures', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    const loaders = Array.from({ length: 9 }, (_, i) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (i === 3) throw new Error('chunk gone');
      done.push(i);
    });
    await prefetchChunks(loaders);
    expect(peak).toBe(4);
    expect(done).toHaveLength(8);
  });

  it('loads one chunk per idle period, in order, past failures', async () => {
    const idle: (() => void)[] = [];
    const started: number[] = [];
    const loaders = [0, 1, 2].map((i) => async () => {
      started.push(i);
      if (i === 1) throw new Error('chunk gone');
    });
    const done = prefetchWhenIdle(loaders, (fn) => idle.push(fn));
    expect(started).toEqual([]);
    for (let i = 0; i < 3; i++) {
      expect(idle).toHaveLength(1);
      idle.shift()!();
      await new Promise((r) => setTimeout(r, 0));
      expect(started).toEqual([0, 1, 2].slice(0, i + 1));
    }
    await done;
    expect(idle).toHaveLength(0);
  });
});
