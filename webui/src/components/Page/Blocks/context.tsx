import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { Lang } from '../../../i18n/languages';
import { DEFAULT_LANG } from '../../../i18n/languages';
import type { Text } from '../../../models/builder';
import { LocalizedLink } from '../../common/LocalizedLink';

/**
 * What every block of a list shares: the language of its texts, whether it is the builder's
 * preview, and whether the page has its own main heading (a hero's title is then not the h1).
 */
export interface BlockContextValue {
  lang: Lang;
  preview: boolean;
  titled: boolean;
}

export const BlockContext = createContext<BlockContextValue>({ lang: DEFAULT_LANG, preview: false, titled: false });

export function useBlockContext(): BlockContextValue {
  return useContext(BlockContext);
}

/** A block's text in `lang`, else in zh-hans, else empty. */
export function pickText(text: Text | undefined, lang: Lang): string {
  const own = text?.[lang]?.trim();
  if (own) return own;
  return text?.[DEFAULT_LANG]?.trim() ?? '';
}

/** Picks texts in the blocks' language (see {@link pickText}). */
export function useBlockText(): (text: Text | undefined) => string {
  const { lang } = useBlockContext();
  return useCallback((text: Text | undefined) => pickText(text, lang), [lang]);
}

/**
 * A link of a block: localized into the blocks' language; in the builder's preview it is inert (a
 * span that looks the same and goes nowhere).
 */
export function BlockLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const { lang, preview } = useBlockContext();
  if (preview) {
    return (
      <span className={className} aria-disabled="true" data-preview-link={to}>
        {children}
      </span>
    );
  }
  return (
    <LocalizedLink to={to} lang={lang} className={className}>
      {children}
    </LocalizedLink>
  );
}
