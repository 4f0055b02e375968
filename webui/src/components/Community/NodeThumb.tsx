import Shapes from 'lucide-react/icons/shapes';
import { useState } from 'react';
import type { NodeView } from '../../api/wire.gen';

/** A node's picture, or a neutral mark when it has none or it does not load. */
export function NodeThumb({ node, className = '' }: { node: NodeView; className?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (node.thumb && broken !== node.thumb) {
    return (
      <img
        src={node.thumb}
        alt=""
        loading="lazy"
        onError={() => setBroken(node.thumb)}
        className={`shrink-0 rounded-xl bg-zinc-100 object-cover dark:bg-zinc-800 ${className}`}
      />
    );
  }
  return (
    <span className={`grid shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400 ${className}`}>
      <Shapes className="size-1/2" aria-hidden />
    </span>
  );
}
