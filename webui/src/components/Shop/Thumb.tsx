import { Package } from 'lucide-react';
import { useState } from 'react';

/** A product's small picture, or a parcel when it has none or it does not load. */
export function Thumb({ src, className = 'size-16 rounded-xl', alt = '' }: { src?: string; className?: string; alt?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className={`grid shrink-0 place-items-center bg-zinc-100 text-zinc-400 dark:bg-zinc-800 ${className}`} aria-hidden={alt ? undefined : true}>
        <Package className="size-1/2 max-h-8 max-w-8" aria-hidden />
      </span>
    );
  }
  return <img src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} className={`shrink-0 object-cover ${className}`} />;
}
