import { observer } from 'mobx-react-lite';
import type { Device } from '../../models/settings';
import type { PageModule } from '../../stores/PagesStore';
import { useStores } from '../../stores/StoresContext';
import { useSanitizer } from '../common/useSanitizedHtml';

/** The HTML of a page's text modules for a device (the builder keeps one per device), not yet sanitized. */
export function textBlocks(modules: PageModule[], device: Device): string[] {
  const blocks: string[] = [];
  for (const module of modules) {
    if (module.type !== 'text') continue;
    const perDevice = module[device] as { html?: unknown } | undefined;
    if (typeof perDevice?.html === 'string' && perDevice.html.trim()) blocks.push(perDevice.html);
  }
  return blocks;
}

/** Renders the text modules of a page for the current device; nothing when there are none. */
export const TextModules = observer(function TextModules({ modules }: { modules: PageModule[] }) {
  const { ui } = useStores();
  // DOMPurify is its own chunk: the blocks show once it has loaded, always sanitized.
  const sanitize = useSanitizer();
  if (!sanitize) return null;
  return (
    <>
      {textBlocks(modules, ui.device).map((html, index) => (
        <div
          key={index}
          data-testid="text-module"
          className="leading-relaxed [&_a]:text-brand-600 [&_a]:underline [&_h1]:mb-3 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_p]:mb-3 [&_p]:text-zinc-700 dark:[&_a]:text-brand-400 dark:[&_p]:text-zinc-300"
          dangerouslySetInnerHTML={{ __html: sanitize(html) }}
        />
      ))}
    </>
  );
});
