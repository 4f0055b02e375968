// @vitest-environment node
import { Countdown } from './Countdown';

describe('Countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts the seconds down to zero, then stops', () => {
    const countdown = new Countdown();
    countdown.start(60);
    expect(countdown.isRunning).toBe(true);
    expect(countdown.remaining).toBe(60);
    vi.advanceTimersByTime(1000);
    expect(countdown.remaining).toBe(59);
    vi.advanceTimersByTime(58_000);
    expect(countdown.remaining).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(countdown.remaining).toBe(0);
    expect(countdown.isRunning).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts from the full time and can be stopped', () => {
    const countdown = new Countdown();
    countdown.start(60);
    vi.advanceTimersByTime(10_000);
    countdown.start(60);
    expect(countdown.remaining).toBe(60);
    vi.advanceTimersByTime(1000);
    expect(countdown.remaining).toBe(59);
    countdown.stop();
    expect(countdown.isRunning).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
