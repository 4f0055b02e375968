import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CREDIT } from '../../api/wallet';
import { useStores } from '../../stores/StoresContext';
import { DecimalInput } from '../common/DecimalInput';
import { LocalizedLink } from '../common/LocalizedLink';
import type { CreateForm } from './CreateForm';
import { DeadlineField } from './DeadlineField';
import { Choice, ChoiceGroup, CurrencySelect, errorId, FieldMessage, TEXT_INPUT } from './FormParts';

/** The largest bounty the form takes (the server checks the wallet). */
export const MAX_BOUNTY = 1_000_000;

/** A bounty's reward: money in a site currency or credit, its amount (escrowed from the wallet when published) and its deadline. */
export const BountyFields = observer(function BountyFields({ form }: { form: CreateForm }) {
  const { wallet } = useStores();
  const { t } = useTranslation();
  const id = useId();
  const { bounty } = form.draft;
  const isMoney = bounty.type === 'money';
  const currency = bounty.currency || form.defaultCurrency;
  const asset = isMoney ? currency : CREDIT;
  const balance = isMoney ? wallet.balance(currency) : String(wallet.credit);
  const valueError = form.errors.bountyValue;
  const insufficient = valueError?.key === 'wallet.error.insufficient';

  return (
    <fieldset className="space-y-4 rounded-2xl bg-amber-50/60 p-4 ring-1 ring-amber-200/70 dark:bg-amber-400/5 dark:ring-amber-400/20" data-testid="bounty-fields">
      <legend className="sr-only">{t('page.create.bounty.title')}</legend>
      <ChoiceGroup legend={t('page.create.bounty.type')} id={`${id}-type`}>
        {(['money', 'credit'] as const).map((type) => (
          <Choice key={type} name={`${id}-type`} value={type} checked={bounty.type === type} onSelect={() => form.setBounty({ type })}>
            {t(`page.create.bounty.${type}`)}
          </Choice>
        ))}
      </ChoiceGroup>
      <div>
        <label htmlFor={`${id}-value`} className="mb-1.5 block text-sm font-medium">
          {t('page.create.bounty.value')} <span className="text-rose-600" aria-hidden>*</span>
        </label>
        <div className="flex gap-2">
          {isMoney && <CurrencySelect value={currency} onChange={(code) => form.setBounty({ currency: code })} />}
          <DecimalInput
            id={`${id}-value`}
            data-testid="create-bounty-value"
            value={bounty.value}
            onChange={(value) => form.setBounty({ value })}
            min={0}
            max={MAX_BOUNTY}
            decimals={isMoney ? form.decimalsOf(currency) : 0}
            placeholder={isMoney ? '0.00' : '0'}
            aria-invalid={valueError ? true : undefined}
            aria-describedby={valueError ? errorId(`${id}-value`) : `${id}-balance`}
            className={TEXT_INPUT}
          />
        </div>
        <p id={`${id}-balance`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          {t('page.create.bounty.balance', { balance: wallet.format(asset, balance) })}
        </p>
        <FieldMessage id={`${id}-value`} error={valueError} />
        {insufficient && (
          <LocalizedLink to="/account/wealth" className="mt-1 inline-block text-sm font-medium text-brand-700 underline dark:text-brand-400">
            {t('page.create.bounty.topUp')}
          </LocalizedLink>
        )}
      </div>
      <DeadlineField
        id={`${id}-deadline`}
        label={t('page.create.bounty.deadline')}
        value={bounty.deadline}
        onChange={(deadline) => form.setBounty({ deadline })}
        error={form.errors.bountyDeadline}
      />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('page.create.bounty.escrow')}</p>
    </fieldset>
  );
});
