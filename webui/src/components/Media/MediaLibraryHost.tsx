import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { lazyModule } from '../../routing/lazyModule';
import { useStores } from '../../stores/StoresContext';

/** The dialog's code loads the first time it opens: the main bundle stays small. */
const MediaLibraryDialog = lazyModule(() => import('./MediaLibraryDialog'));

/** Shows the media library dialog while a caller waits on `media.open` (or `media.pick`). */
export const MediaLibraryHost = observer(function MediaLibraryHost() {
  // The media store is built by the screen that opens the library (stores/lazyStores.ts).
  const media = useStores().peek('media');
  if (!media?.request) return null;
  return (
    <Suspense fallback={null}>
      <MediaLibraryDialog request={media.request} />
    </Suspense>
  );
});
