import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localize, type LevelEntry } from '../../models/settings';
import { GATE_TYPES } from '../../stores/DraftsStore';
import { useStores } from '../../stores/StoresContext';
import { DecimalInput } from '../common/DecimalInput';
import type { CreateForm } from './CreateForm';
import { Choice, ChoiceGroup, CurrencySelect, errorId, SELECT, TEXT_INPUT } from './FormParts';

/** The highest price the form takes for gated content. */
export const MAX_PRICE = 1_000_000;

/**
 * Who may see the content (SPEC §6 gated content): everyone, members, members who commented,
 * buyers (money or credit, with a price), a growth level or a VIP tier.
 */
export const GatePicker = observer(function GatePicker({ form }: { form: CreateForm }) {
  const { settings } = useStores();
  const { t, i18n } = useTranslation();
  const id = useId();
  const { gate } = form.draft;
  const error = form.errors.gate;
  const levels: LevelEntry[] = (gate.type === 'vip' ? settings.settings?.level?.vip : settings.settings?.level?.lv) ?? [];
  const described = error ? errorId(`${id}-gate`) : undefined;

  return (
    <div className="space-y-3" data-testid="gate-picker">
      <ChoiceGroup legend={t('page.create.gate.title')} id={`${id}-gate`} error={error}>
        {GATE_TYPES.map((type) => (
          <Choice key={type} name={`${id}-gate`} value={type} checked={gate.type === type} onSelect={() => form.setGate({ type })} testId={`gate-${type}`}>
            {t(`page.create.gate.${type}`)}
          </Choice>
        ))}
      </ChoiceGroup>
      {(gate.type === 'money' || gate.type === 'credit') && (
        <div className="flex gap-2">
          {gate.type === 'money' && <CurrencySelect value={gate.currency || form.defaultCurrency} onChange={(currency) => form.setGate({ currency })} />}
          <DecimalInput
            aria-label={t('page.create.gate.price')}
            placeholder={t('page.create.gate.price')}
            value={gate.value}
            onChange={(value) => form.setGate({ value })}
            min={0}
            max={MAX_PRICE}
            decimals={gate.type === 'money' ? form.decimalsOf(gate.currency || form.defaultCurrency) : 0}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            className={`${TEXT_INPUT} sm:max-w-48`}
          />
        </div>
      )}
      {(gate.type === 'level' || gate.type === 'vip') && (
        <select
          aria-label={t(gate.type === 'vip' ? 'page.create.gate.vipPick' : 'page.create.gate.levelPick')}
          value={gate.value}
          onChange={(event) => form.setGate({ value: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`${SELECT} w-full sm:max-w-64`}
        >
          <option value="">{t(gate.type === 'vip' ? 'page.create.gate.vipPick' : 'page.create.gate.levelPick')}</option>
          {levels.map((level) => (
            <option key={level.key} value={level.key}>
              {localize(level.names ?? level.name, i18n.language) || level.key}
            </option>
          ))}
        </select>
      )}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t(`page.create.gate.hint.${gate.type}`)}</p>
    </div>
  );
});
