import Globe from 'lucide-react/icons/globe';
import { observer } from 'mobx-react-lite';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NATIVE_NAME } from '../../i18n/languages';
import { DeferredTrigger } from '../../routing/deferred';
import { useStores } from '../../stores/StoresContext';
import { shellPart } from '../Layout/shellParts';

/** Language and currency picker; its popover's chunk loads on hover, focus, first click or idle. */
export function LocalePopover({ compact }: { compact: boolean }) {
  return (
    <DeferredTrigger part={shellPart} openOn="click" shell={(handlers) => <LocaleButton compact={compact} {...handlers} />}>
      {({ LocaleMenu }, start) => <LocaleMenu compact={compact} start={start} />}
    </DeferredTrigger>
  );
}

/** The picker's trigger: a globe, and on wide screens the language and currency. */
export const LocaleButton = observer(function LocaleButton({ compact, ...props }: { compact: boolean } & ComponentProps<'button'>) {
  const { locale } = useStores();
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={t('common.header.localeCurrency')}
      data-testid="locale-trigger"
      {...props}
      className="inline-flex h-8 min-w-8 shrink-0 items-center justify-center gap-1.5 rounded-full px-1.5 text-sm sm:h-9 sm:px-2.5 opacity-85 transition hover:bg-zinc-900/5 hover:opacity-100 dark:hover:bg-white/10"
    >
      <Globe className="size-[1.15rem]" aria-hidden />
      {!compact && (
        <span>
          {NATIVE_NAME[locale.lang]}
          <span className="opacity-50"> · {locale.currency}</span>
        </span>
      )}
    </button>
  );
});
