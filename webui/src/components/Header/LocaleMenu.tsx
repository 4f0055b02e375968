import * as Popover from '@radix-ui/react-popover';
import Check from 'lucide-react/icons/check';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isLang, NATIVE_NAME, type Lang } from '../../i18n/languages';
import { localize } from '../../models/settings';
import type { DeferredStart } from '../../routing/deferred';
import { useStores } from '../../stores/StoresContext';
import { localizePath } from '../../utils/links';
import { LocaleButton } from './LocalePopover';

const OPTION =
  'flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-zinc-100 aria-[current=true]:font-semibold dark:hover:bg-zinc-800';

/** The language and currency popover (its own chunk: see LocalePopover). Picking a language moves to the same page under its prefix. */
export const LocaleMenu = observer(function LocaleMenu({ compact, start }: { compact: boolean; start: DeferredStart }) {
  const { locale, settings } = useStores();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();

  const pickLang = (code: Lang) => {
    locale.rememberLang(code);
    navigate(localizePath(`${location.pathname}${location.search}${location.hash}`, code));
  };

  return (
    <Popover.Root defaultOpen={start.defaultOpen}>
      <Popover.Trigger asChild>
        <LocaleButton compact={compact} autoFocus={start.autoFocus} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          align="end"
          collisionPadding={12}
          className="z-50 w-64 rounded-2xl bg-white p-3 text-zinc-800 shadow-xl ring-1 ring-zinc-900/10 animate-fade-in dark:bg-zinc-900 dark:text-zinc-100 dark:ring-white/10"
        >
          <p className="px-3 pb-1 text-xs font-medium uppercase tracking-wider text-zinc-500">{t('common.header.language')}</p>
          <ul>
            {settings.languages.map((language) => (
              <Option
                key={language.code}
                current={language.code === locale.lang}
                data={{ 'data-lang': language.code }}
                onPick={() => isLang(language.code) && pickLang(language.code)}
              >
                <span className="flex items-center gap-2">
                  {language.flag && <img src={language.flag} alt="" className="h-3.5 w-5 rounded-sm object-cover" />}
                  {isLang(language.code) ? NATIVE_NAME[language.code] : language.name}
                </span>
              </Option>
            ))}
          </ul>
          {settings.currencies.length > 0 && (
            <>
              <p className="mt-2 border-t border-zinc-100 px-3 pb-1 pt-3 text-xs font-medium uppercase tracking-wider text-zinc-500 dark:border-zinc-800">
                {t('common.header.currency')}
              </p>
              <ul>
                {settings.currencies.map((currency) => (
                  <Option
                    key={currency.code}
                    current={currency.code === locale.currency}
                    data={{ 'data-currency': currency.code }}
                    onPick={() => void locale.setCurrency(currency.code)}
                  >
                    <span>
                      <span className="inline-block w-8 opacity-60">{currency.symbol ?? currency.symbol_iso}</span>
                      {localize(currency.names ?? currency.name, i18n.language) || currency.code}
                    </span>
                  </Option>
                ))}
              </ul>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});

/** One choice of the popover: picking it closes the popover; the current one is ticked. */
function Option({
  current,
  data,
  onPick,
  children,
}: {
  current: boolean;
  data: Record<string, string>;
  onPick: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <Popover.Close asChild>
        <button type="button" className={OPTION} aria-current={current} {...data} onClick={onPick}>
          {children}
          {current && <Check className="size-4 text-brand-600" aria-hidden />}
        </button>
      </Popover.Close>
    </li>
  );
}
