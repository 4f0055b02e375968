import { createTestRoot } from '../test/stores';
import { COLOR_MODE_KEY } from './ColorModeStore';

function mockMatchMedia(initialDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initialDark,
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', vi.fn(() => query));
  return {
    setDark(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
    listeners,
  };
}

describe('ColorModeStore', () => {
  it('defaults to system and follows the OS live', () => {
    const os = mockMatchMedia(false);
    const root = createTestRoot();
    root.colorMode.start();
    expect(root.colorMode.preference).toBe('system');
    expect(root.colorMode.value).toBe('light');
    expect(document.documentElement).toHaveClass('light');
    os.setDark(true);
    expect(root.colorMode.value).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
    root.colorMode.stop();
    expect(os.listeners.size).toBe(0);
  });

  it('reads the stored preference', () => {
    mockMatchMedia(false);
    localStorage.setItem(COLOR_MODE_KEY, 'dark');
    const root = createTestRoot();
    expect(root.colorMode.preference).toBe('dark');
    expect(root.colorMode.value).toBe('dark');
  });

  it('ignores a bad stored value', () => {
    localStorage.setItem(COLOR_MODE_KEY, 'purple');
    expect(createTestRoot().colorMode.preference).toBe('system');
  });

  it('cycles dark → light → system, stores it and names the mode in a toast', () => {
    mockMatchMedia(true);
    const root = createTestRoot('en');
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      root.colorMode.cycle();
      seen.push(root.colorMode.preference);
      expect(localStorage.getItem(COLOR_MODE_KEY)).toBe(root.colorMode.preference);
    }
    expect(seen).toEqual(['dark', 'light', 'system', 'dark']);
    expect(root.toasts.toasts.map((t) => t.message)).toEqual([
      'Colour mode: Dark',
      'Colour mode: Light',
      'Colour mode: System',
      'Colour mode: Dark',
    ]);
  });

  it('lets a page force a mode', () => {
    mockMatchMedia(false);
    const root = createTestRoot();
    root.colorMode.start();
    root.colorMode.force('dark');
    expect(document.documentElement).toHaveClass('dark');
    root.colorMode.force(null);
    expect(document.documentElement).toHaveClass('light');
    root.colorMode.stop();
  });
});
