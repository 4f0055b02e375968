import * as Popover from '@radix-ui/react-popover';
import { Check, Globe } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isLang, NATIVE_NAME, type Lang } from '../../i18n/languages';
import { localize } from '../../models/settings';
import { useStores } from '../../stores/StoresContext';
import { localizePath } from '../../utils/links';

const OPTION =
  'flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-zinc-100 aria-[current=true]:font-semibold dark:hover:bg-zinc-800';

/** Language and currency picker. Picking a language moves to the same page under its prefix. */
export const LocalePopover = observer(function LocalePopover({ compact }: { compact: boolean }) {
  const { locale, settings } = useStores();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();

  const pickLang = (code: Lang) => {
    locale.rememberLang(code);
    navigate(localizePath(`${location.pathname}${location.search}${location.hash}`, code));
  };

  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={t('common.header.localeCurrency')}
        data-testid="locale-trigger"
        className="inline-flex h-8 min-w-8 shrink-0 items-center justify-center gap-1.5 rounded-full px-1.5 text-sm sm:h-9 sm:px-2.5 opacity-85 transition hover:bg-zinc-900/5 hover:opacity-100 dark:hover:bg-white/10"
      >
        <Globe className="size-[1.15rem]" aria-hidden />
        {!compact && (
          <span>
            {NATIVE_NAME[locale.lang]}
            <span className="opacity-50"> · {locale.currency}</span>
          </span>
        )}
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
              <li key={language.code}>
                <Popover.Close asChild>
                  <button
                    type="button"
                    className={OPTION}
                    aria-current={language.code === locale.lang}
                    data-lang={language.code}
                    onClick={() => isLang(language.code) && pickLang(language.code)}
                  >
                    <span className="flex items-center gap-2">
                      {language.flag && <img src={language.flag} alt="" className="h-3.5 w-5 rounded-sm object-cover" />}
                      {isLang(language.code) ? NATIVE_NAME[language.code] : language.name}
                    </span>
                    {language.code === locale.lang && <Check className="size-4 text-brand-600" aria-hidden />}
                  </button>
                </Popover.Close>
              </li>
            ))}
          </ul>
          {settings.currencies.length > 0 && (
            <>
              <p className="mt-2 border-t border-zinc-100 px-3 pb-1 pt-3 text-xs font-medium uppercase tracking-wider text-zinc-500 dark:border-zinc-800">
                {t('common.header.currency')}
              </p>
              <ul>
                {settings.currencies.map((currency) => (
                  <li key={currency.code}>
                    <Popover.Close asChild>
                      <button
                        type="button"
                        className={OPTION}
                        aria-current={currency.code === locale.currency}
                        data-currency={currency.code}
                        onClick={() => void locale.setCurrency(currency.code)}
                      >
                        <span>
                          <span className="inline-block w-8 opacity-60">{currency.symbol ?? currency.symbol_iso}</span>
                          {localize(currency.names ?? currency.name, i18n.language) || currency.code}
                        </span>
                        {currency.code === locale.currency && <Check className="size-4 text-brand-600" aria-hidden />}
                      </button>
                    </Popover.Close>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});
