import type { Device, DeviceSettings } from '../../models/settings';
import { useStores } from '../../stores/StoresContext';

/** What the header and the footer take: by default the viewer's device and the published settings. */
export interface SiteChromeProps {
  /** The device shown; the viewer's when not given. */
  device?: Device;
  /** Drawn inside the builder's preview: not sticky, no floating toolbars. */
  preview?: boolean;
  /** The builder's draft settings of the device, shown instead of the published ones. */
  override?: DeviceSettings;
}

/** The device the header or footer is drawn for, and that device's settings (the builder's draft in its preview). */
export function useShownSettings({ device: shownDevice, override }: SiteChromeProps): { device: Device; settings: DeviceSettings } {
  const { ui, settings } = useStores();
  const device = shownDevice ?? ui.device;
  return { device, settings: override ?? settings.forDevice(device) };
}
