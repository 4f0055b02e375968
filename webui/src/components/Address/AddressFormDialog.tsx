import { ChevronRight, Loader2, MapPin, PenLine } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_ERROR_VARS, ADDRESS_LIMITS, PLACE_LEVELS, type AddressView } from '../../models/account';
import { AddressForm } from '../../stores/account/AddressForm';
import { DEFAULT_REGION } from '../../stores/DialCodesStore';
import { useStores } from '../../stores/StoresContext';
import { DialCodePicker } from '../common/DialCodePicker';
import { SheetForm } from '../common/SheetForm';
import { Sheet } from '../Overlay/Sheet';
import { ERROR_TEXT, FIELD, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from './styles';
import '../../stores/account/AddressesStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The dial code a new address starts with when the country list is not read yet. */
const FALLBACK_DIAL: Record<string, string> = { 'zh-hans': '+86', en: '+1', es: '+34' };

export interface AddressFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The address edited; none for a new one. */
  address?: AddressView | null;
  /** Called with the address once saved (the dialog closes). */
  onSaved?(address: AddressView): void;
}

/** The address form (SPEC §2): a place from the picker or typed, the recipient, phone with dial code, postcode, line, default. */
export const AddressFormDialog = observer(function AddressFormDialog({ open, onOpenChange, address = null, onSaved }: AddressFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t(address ? 'address.editTitle' : 'address.newTitle')}
      description={t('address.formDescription')}
      className="sm:w-[min(92vw,32rem)]"
    >
      {open && (
        <AddressFormBody
          address={address}
          onSaved={(saved) => {
            onOpenChange(false);
            onSaved?.(saved);
          }}
        />
      )}
    </Sheet>
  );
});

const AddressFormBody = observer(function AddressFormBody({ address, onSaved }: { address: AddressView | null; onSaved(address: AddressView): void }) {
  const { addresses, dialCodes, locale } = useStores();
  const { t } = useTranslation();
  const [form] = useState(() => {
    const dial = dialCodes.find(DEFAULT_REGION[locale.lang])?.dialCode ?? FALLBACK_DIAL[locale.lang] ?? '+86';
    return new AddressForm(addresses, address, dial, addresses.list.length === 0);
  });
  useEffect(() => {
    void form.start();
  }, [form]);
  const errors = form.shownErrors;
  const { draft } = form;

  return (
    <SheetForm testId="address-form" onSubmit={() => void form.submit().then((saved) => saved && onSaved(saved))}>
      <div role="radiogroup" aria-label={t('address.type.label')} className="grid grid-cols-2 gap-1 rounded-xl bg-zinc-100 p-1 text-sm dark:bg-zinc-800">
        {(['SELECTED', 'MANUAL'] as const).map((type) => {
          const Icon = type === 'SELECTED' ? MapPin : PenLine;
          return (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={draft.type === type}
              onClick={() => form.setType(type)}
              className="flex items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 font-medium text-zinc-600 transition aria-checked:bg-white aria-checked:text-zinc-900 aria-checked:shadow-sm dark:text-zinc-300 dark:aria-checked:bg-zinc-900 dark:aria-checked:text-white"
            >
              <Icon className="size-4" aria-hidden />
              {t(`address.type.${type}`)}
            </button>
          );
        })}
      </div>

      <PlacePicker form={form} />
      {draft.type === 'MANUAL' && <ManualPlaces form={form} />}

      <Field label={t('address.name')} error={errors.name}>
        {(id) => (
          <input
            id={id}
            value={draft.name}
            maxLength={ADDRESS_LIMITS.name}
            autoComplete="name"
            aria-invalid={Boolean(errors.name) || undefined}
            onChange={(event) => form.set('name', event.target.value)}
            className={`${FIELD} w-full`}
          />
        )}
      </Field>
      <Field label={t('address.phone')} error={errors.phone}>
        {(id) => (
          <div className={`${FIELD} flex w-full items-center !px-0`} data-invalid={Boolean(errors.phone)}>
            <DialCodePicker
              compact
              dialCode={draft.dialCode}
              isSelected={(entry) => entry.dialCode === draft.dialCode}
              onSelect={(entry) => form.set('dialCode', entry.dialCode)}
              testId="address-dial-code"
            />
            <input
              id={id}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              value={draft.phone}
              maxLength={20}
              aria-invalid={Boolean(errors.phone) || undefined}
              onChange={(event) => form.set('phone', event.target.value)}
              className="h-full min-w-0 flex-1 bg-transparent px-2 outline-none"
            />
          </div>
        )}
      </Field>
      <Field label={t('address.line')} error={errors.address}>
        {(id) => (
          <textarea
            id={id}
            rows={2}
            value={draft.address}
            maxLength={ADDRESS_LIMITS.address}
            autoComplete="street-address"
            aria-invalid={Boolean(errors.address) || undefined}
            onChange={(event) => form.set('address', event.target.value)}
            className={`${FIELD} h-auto w-full py-2`}
          />
        )}
      </Field>
      <Field label={t('address.postcode')} error={errors.postcode}>
        {(id) => (
          <input
            id={id}
            value={draft.postcode}
            maxLength={ADDRESS_LIMITS.postcode}
            autoComplete="postal-code"
            aria-invalid={Boolean(errors.postcode) || undefined}
            onChange={(event) => form.set('postcode', event.target.value)}
            className={`${FIELD} w-full sm:w-40`}
          />
        )}
      </Field>
      <label className="flex items-center justify-between gap-3 text-sm">
        <span>{t('address.default')}</span>
        <button
          type="button"
          role="switch"
          aria-checked={draft.default}
          aria-label={t('address.default')}
          onClick={() => form.set('default', !draft.default)}
          className="relative h-6 w-11 shrink-0 rounded-full bg-zinc-300 transition aria-checked:bg-brand-600 dark:bg-zinc-700"
        >
          <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${draft.default ? 'left-[1.375rem]' : 'left-0.5'}`} />
        </button>
      </label>
      <div className="flex justify-end gap-2 pt-1">
        <button type="submit" disabled={form.saving} className={PRIMARY_BUTTON} data-testid="address-save">
          {form.saving && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {t('address.save')}
        </button>
      </div>
    </SheetForm>
  );
});

function Field({ label, error, children }: { label: string; error?: string; children(id: string): ReactNode }) {
  const id = useId();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children(id)}
      {error && (
        <p role="alert" className={ERROR_TEXT}>
          {t(error, ADDRESS_ERROR_VARS[error])}
        </p>
      )}
    </div>
  );
}

/** The place picker: the places chosen as a breadcrumb (each goes back to its level), and the choices of the next level. */
const PlacePicker = observer(function PlacePicker({ form }: { form: AddressForm }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const errors = form.shownErrors;
  const needle = filter.trim().toLowerCase();
  const items = needle ? form.items.filter((item) => item.name.toLowerCase().includes(needle)) : form.items;
  return (
    <div className="flex flex-col gap-1.5" data-testid="place-picker">
      <span className={LABEL}>{t(form.draft.type === 'MANUAL' ? 'address.level.country' : 'address.place')}</span>
      <nav aria-label={t('address.place')} className="flex flex-wrap items-center gap-1 text-sm">
        {form.chosen.map(({ level, place }, index) => (
          <span key={level} className="flex items-center gap-1">
            {index > 0 && <ChevronRight className="size-3.5 text-zinc-400" aria-hidden />}
            <button
              type="button"
              onClick={() => {
                setFilter('');
                void form.reopen(index);
              }}
              className="rounded-lg bg-zinc-100 px-2 py-1 font-medium hover:bg-zinc-200 dark:bg-zinc-800 dark:hover:bg-zinc-700"
              title={t('address.changePlace')}
            >
              {place.name}
            </button>
          </span>
        ))}
        {!form.picking && form.chosen.length > 0 && (
          <button
            type="button"
            onClick={() => {
              setFilter('');
              void form.reopen(0);
            }}
            className="px-2 py-1 text-xs text-brand-600 hover:underline dark:text-brand-400"
          >
            {t('address.changePlace')}
          </button>
        )}
      </nav>
      {form.picking && (
        <div className="rounded-xl ring-1 ring-zinc-200 dark:ring-zinc-700">
          <div className="flex items-center justify-between gap-2 border-b border-zinc-100 px-3 py-2 dark:border-zinc-800">
            <span className="text-xs font-medium text-zinc-500">{t(`address.level.${PLACE_LEVELS[form.level]}`)}</span>
            <input
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder={t('address.filter')}
              aria-label={t('address.filter')}
              className="h-7 w-32 min-w-0 rounded-lg bg-zinc-100 px-2 text-xs outline-none dark:bg-zinc-800"
            />
          </div>
          <ul role="listbox" aria-label={t(`address.level.${PLACE_LEVELS[form.level]}`)} className="max-h-48 overflow-y-auto p-1">
            {form.loadingPlaces && (
              <li className="flex justify-center py-4">
                <Loader2 className="size-4 animate-spin text-zinc-400" aria-label={t('common.loading')} />
              </li>
            )}
            {items.map((item) => (
              <li key={item.geonameId} role="option" aria-selected={false}>
                <button
                  type="button"
                  onClick={() => {
                    setFilter('');
                    void form.choose(item);
                  }}
                  className="flex w-full items-center justify-between gap-2 rounded-lg px-2.5 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
                >
                  <span className="truncate">{item.name}</span>
                  {item.hasChildren && <ChevronRight className="size-3.5 shrink-0 text-zinc-400" aria-hidden />}
                </button>
              </li>
            ))}
            {!form.loadingPlaces && items.length === 0 && <li className="px-3 py-4 text-center text-xs text-zinc-500">{t('address.noPlace')}</li>}
          </ul>
        </div>
      )}
      {(errors.country || errors.places) && (
        <p role="alert" className={ERROR_TEXT}>
          {t(errors.country ?? errors.places ?? '', ADDRESS_ERROR_VARS[errors.country ?? errors.places ?? ''])}
        </p>
      )}
    </div>
  );
});

/** A MANUAL address: the places below the picked country typed as free text. */
const ManualPlaces = observer(function ManualPlaces({ form }: { form: AddressForm }) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {PLACE_LEVELS.slice(1).map((level) => (
        <Field key={level} label={t(`address.level.${level}`)}>
          {(id) => (
            <input
              id={id}
              value={form.draft[level].name}
              maxLength={ADDRESS_LIMITS.region}
              onChange={(event) => form.setManual(level, event.target.value)}
              className={`${FIELD} w-full`}
            />
          )}
        </Field>
      ))}
    </div>
  );
});

/** A button opening the address form for a new address. */
export function NewAddressButton({ onSaved, children }: { onSaved?(address: AddressView): void; children?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={SECONDARY_BUTTON} onClick={() => setOpen(true)} data-testid="address-new">
        {children ?? t('address.add')}
      </button>
      <AddressFormDialog open={open} onOpenChange={setOpen} onSaved={onSaved} />
    </>
  );
}
