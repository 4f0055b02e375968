import Music from 'lucide-react/icons/eighth-notes';
import { useState } from 'react';

/** A track's picture, or a note when it has none (or it does not load). */
export function TrackThumb({ src, className = 'size-12 rounded-xl' }: { src: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span className={`grid shrink-0 place-items-center bg-gradient-to-br from-brand-400 to-brand-700 text-white ${className}`} aria-hidden>
        <Music className="size-1/2" />
      </span>
    );
  }
  return <img src={src} alt="" loading="lazy" onError={() => setFailed(src)} className={`shrink-0 object-cover ${className}`} />;
}
