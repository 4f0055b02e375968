import { Check, Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { AddressSummary } from './AddressCard';
import { AddressFormDialog } from './AddressFormDialog';
import '../../stores/account/AddressesStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * The member's addresses to pick one (checkout): `value` is the chosen address's id. With none
 * chosen it chooses the default address once the list is read; a button opens the address form,
 * and a new address saved there is chosen.
 */
export const AddressChooser = observer(function AddressChooser({ value, onChange }: { value?: string; onChange(id: string | undefined): void }) {
  const { addresses } = useStores();
  const { t } = useTranslation();
  const [formOpen, setFormOpen] = useState(false);

  useEffect(() => {
    void addresses.fetch();
  }, [addresses, addresses.root.auth.viewer]);

  // Choose the default one when nothing (or an address that is gone) is chosen.
  const chosenGone = value !== undefined && addresses.isLoaded && !addresses.get(value);
  const fallback = addresses.defaultAddress?.id;
  useEffect(() => {
    if ((value === undefined || chosenGone) && addresses.isLoaded) {
      if (fallback !== value) onChange(fallback);
    }
  }, [value, chosenGone, fallback, addresses.isLoaded, onChange]);

  return (
    <div className="flex flex-col gap-2" data-testid="address-chooser">
      {!addresses.isLoaded && addresses.isFetching && <p className="text-sm text-zinc-500">{t('common.loading')}</p>}
      {addresses.isLoaded && addresses.list.length === 0 && <p className="text-sm text-zinc-500">{t('address.empty')}</p>}
      <ul role="radiogroup" aria-label={t('address.choose')} className="flex flex-col gap-2">
        {addresses.sorted.map((address) => {
          const chosen = address.id === value;
          return (
            <li key={address.id}>
              <button
                type="button"
                role="radio"
                aria-checked={chosen}
                onClick={() => onChange(address.id)}
                className="flex w-full items-start gap-3 rounded-xl p-3 text-left ring-1 ring-zinc-200 transition hover:bg-zinc-50 aria-checked:ring-2 aria-checked:ring-brand-500 dark:ring-zinc-700 dark:hover:bg-zinc-800/60"
              >
                <span
                  aria-hidden
                  className={`mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full ring-1 ${chosen ? 'bg-brand-600 ring-brand-600 text-white' : 'ring-zinc-300 dark:ring-zinc-600'}`}
                >
                  {chosen && <Check className="size-3" />}
                </span>
                <AddressSummary address={address} />
              </button>
            </li>
          );
        })}
      </ul>
      {!addresses.isFull && (
        <button
          type="button"
          onClick={() => setFormOpen(true)}
          data-testid="address-chooser-new"
          className="flex items-center justify-center gap-1.5 rounded-xl border border-dashed border-zinc-300 px-3 py-2.5 text-sm font-medium text-zinc-600 transition hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800/60"
        >
          <Plus className="size-4" aria-hidden />
          {t('address.add')}
        </button>
      )}
      <AddressFormDialog open={formOpen} onOpenChange={setFormOpen} onSaved={(address) => onChange(address.id)} />
    </div>
  );
});
