import type { ReactNode } from 'react';
import type { Device } from '../../models/settings';

/** Builder device frames, in pixels (SPEC §9); desktop fills the canvas. */
export const DEVICE_FRAME: Record<Device, { width: number | null; height: number | null }> = {
  mobile: { width: 460, height: 944 },
  tablet: { width: 768, height: null },
  desktop: { width: null, height: null },
};

/** Shows its content at the size of a device so the builder previews each layout. */
export function DeviceFrame({ device, children }: { device: Device; children: ReactNode }) {
  const frame = DEVICE_FRAME[device];
  return (
    <div
      data-testid="device-frame"
      data-device={device}
      style={{ width: frame.width ?? '100%', height: frame.height ?? undefined, maxWidth: '100%' }}
      className={`mx-auto flex flex-col overflow-hidden bg-white shadow-2xl ring-1 ring-zinc-900/10 dark:bg-zinc-950 dark:ring-white/10 ${
        device === 'mobile' ? 'rounded-[2.5rem] border-[10px] border-zinc-900' : 'rounded-2xl'
      } ${frame.height ? '' : 'min-h-[70vh]'}`}
    >
      {children}
    </div>
  );
}
