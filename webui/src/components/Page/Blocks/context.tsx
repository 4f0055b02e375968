import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { RequestClient } from '../../../api/client';
import type { Lang } from '../../../i18n/languages';
import { DEFAULT_LANG } from '../../../i18n/languages';
import type { Text } from '../../../models/builder';
import { useStores } from '../../../stores/StoresContext';
import { LocalizedLink } from '../../common/LocalizedLink';

/**
 * What every block of a list shares: the language of its texts, whether it is the builder's
 * preview, and whether the page has its own main heading (a hero's title is then not the h1).
 */
export interface BlockContextValue {
  lang: Lang;
  preview: boolean;
  titled: boolean;
  /** The builder's preview currency (prices of product lists); none: the visitor's. */
  currency?: string;
}

export const BlockContext = createContext<BlockContextValue>({ lang: DEFAULT_LANG, preview: false, titled: false });

export function useBlockContext(): BlockContextValue {
  return useContext(BlockContext);
}

/**
 * The client a block reads its items with: in the builder's preview, requests carry the preview's
 * language and currency; elsewhere the site's client as it is.
 */
export function useBlockClient(): RequestClient {
  const { client } = useStores();
  const { lang, currency, preview } = useBlockContext();
  return useMemo(
    () => (preview ? client.withEnvelope({ lang, ...(currency ? { currency } : {}) }) : client),
    [client, preview, lang, currency],
  );
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
