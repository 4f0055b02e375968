import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "title · site". */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation();
  const site = t('common.siteName');
  useEffect(() => {
    document.title = title ? `${title} · ${site}` : site;
  }, [title, site]);
}
