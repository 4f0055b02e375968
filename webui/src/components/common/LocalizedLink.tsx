import type { AnchorHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Lang } from '../../i18n/languages';
import { isExternal, localizePath, opensInNewTab, toLang } from '../../utils/links';

/** Props of {@link LocalizedLink}: the attributes of an anchor, with `to` in place of `href`. */
export interface LocalizedLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An in-app path (`/topics/1?page=2`) or an external address (`https://…`, `mailto:…`, `tel:…`). */
  to: string;
  /** The language to link into; defaults to i18next's current language. */
  lang?: Lang;
}

/**
 * A link that keeps the reader in their language: in-app paths become a router `<Link>` to the
 * path localized for `lang` (or the current language), web addresses open in a new tab with
 * `rel="noopener noreferrer"`, and `mailto:` / `tel:` stay plain anchors.
 */
export function LocalizedLink({ to, lang, children, ...anchorProps }: LocalizedLinkProps) {
  const { i18n } = useTranslation();
  if (isExternal(to)) {
    const newTab = opensInNewTab(to) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
    return (
      <a {...anchorProps} href={to} {...newTab}>
        {children}
      </a>
    );
  }
  return (
    <Link {...anchorProps} to={localizePath(to, lang ?? toLang(i18n.language))}>
      {children}
    </Link>
  );
}
