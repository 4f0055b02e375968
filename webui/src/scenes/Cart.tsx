import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../components/common/LocalizedLink';
import { EmptyState } from '../components/Feedback/EmptyState';
import { SceneFrame } from '../components/Feedback/SceneFrame';

/** /cart */
export function Cart() {
  const { t } = useTranslation();
  return (
    <SceneFrame title={t('page.cart.title')}>
      <EmptyState icon={ShoppingCart} title={t('page.cart.empty')}>
        <LocalizedLink to="/" className="rounded-full bg-zinc-900 px-4 py-2 text-sm font-medium text-white dark:bg-white dark:text-zinc-900">
          {t('page.cart.browse')}
        </LocalizedLink>
      </EmptyState>
    </SceneFrame>
  );
}
