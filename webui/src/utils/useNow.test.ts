// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELATIVE_TIME_REFRESH_MS, useNow } from './useNow';

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 0, 1, 12, 0, 0));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('refreshes every 30 s by default', () => {
    expect(RELATIVE_TIME_REFRESH_MS).toBe(30_000);
    const start = Date.now();
    const { result } = renderHook(() => useNow());
    expect(result.current).toBe(start);

    act(() => vi.advanceTimersByTime(29_999));
    expect(result.current).toBe(start);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(start + 30_000);

    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current).toBe(start + 60_000);
  });

  it('honours a custom interval', () => {
    const start = Date.now();
    const { result } = renderHook(() => useNow(1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(start + 1000);
  });

  it('stops its timer on unmount', () => {
    const { unmount } = renderHook(() => useNow());
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
