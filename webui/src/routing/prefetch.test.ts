// @vitest-environment node
import { prefetchAllowed, prefetchChunks } from './prefetch';

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
});
