import { createTestRoot } from '../test/stores';
import { deviceForWidth, RESIZE_DEBOUNCE_MS } from './UiStore';

describe('UiStore', () => {
  it('maps widths to device modes', () => {
    expect(deviceForWidth(375)).toBe('mobile');
    expect(deviceForWidth(460)).toBe('mobile');
    expect(deviceForWidth(768)).toBe('tablet');
    expect(deviceForWidth(1023)).toBe('tablet');
    expect(deviceForWidth(1280)).toBe('desktop');
  });

  it('re-detects the device 50 ms after the last resize', () => {
    vi.useFakeTimers();
    try {
      const root = createTestRoot();
      root.ui.detectDevice(1280);
      root.ui.start();
      vi.stubGlobal('innerWidth', 500);
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1);
      expect(root.ui.device).toBe('desktop');
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1);
      expect(root.ui.device).toBe('desktop');
      vi.advanceTimersByTime(1);
      expect(root.ui.device).toBe('mobile');
      root.ui.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps one overlay open at a time', () => {
    const { ui } = createTestRoot();
    ui.open('search');
    ui.open('createPanel');
    expect(ui.isOpen('search')).toBe(false);
    ui.close('search');
    expect(ui.isOpen('createPanel')).toBe(true);
    ui.setOpen('createPanel', false);
    expect(ui.openPanel).toBeNull();
  });
});
