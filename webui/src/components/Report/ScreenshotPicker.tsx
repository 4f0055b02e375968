import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useStores } from '../../stores/StoresContext';
import type { ScreenshotPickerProps } from './ReportDialog';
import '../../stores/MediaStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * The report dialog's screenshot picker: the media library dialog (upload and library tabs), asked
 * for images, with a limit of what is left of the 4 screenshots. What was picked joins the ones
 * already chosen; closing the library changes nothing.
 */
export const LibraryScreenshotPicker = observer(function LibraryScreenshotPicker({ open, limit, selected, onPick, onClose }: ScreenshotPickerProps) {
  const { media } = useStores();
  // The latest props, read when the library answers (the dialog may have changed meanwhile).
  const latest = useRef({ selected, onPick, onClose });
  latest.current = { selected, onPick, onClose };
  const room = Math.max(0, limit - selected.length);
  useEffect(() => {
    if (!open) return;
    let current = true;
    void media.pick({ type: 'image', limit: Math.max(1, room) }).then((items) => {
      if (!current) return;
      const { selected: held, onPick: pick, onClose: close } = latest.current;
      if (items.length > 0) pick([...held, ...items]);
      else close();
    });
    return () => {
      current = false;
    };
    // Opens the library once per opening of the picker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, media]);
  return null;
});
