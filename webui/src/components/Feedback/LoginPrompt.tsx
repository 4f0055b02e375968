import type { LucideIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { EmptyState } from './EmptyState';

/** A screen a guest may not see yet: why, and a button that opens the login box. */
export const LoginPrompt = observer(function LoginPrompt({ icon, title }: { icon: LucideIcon; title: string }) {
  const { openLogin } = useStores();
  const { t } = useTranslation();
  return (
    <EmptyState icon={icon} title={title}>
      <button
        type="button"
        onClick={() => openLogin()}
        className="rounded-full bg-zinc-900 px-4 py-2 text-sm font-medium text-white dark:bg-white dark:text-zinc-900"
      >
        {t('common.header.login')}
      </button>
    </EmptyState>
  );
});
