import { MapPinned, Pencil, Plus, Star } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressSummary } from '../../components/Address/AddressCard';
import { AddressFormDialog } from '../../components/Address/AddressFormDialog';
import { CARD, LINK_BUTTON, PRIMARY_BUTTON } from '../../components/Address/styles';
import { ConfirmDelete } from '../../components/common/ConfirmDelete';
import { SmallSpinner } from '../../components/common/SmallSpinner';
import { EmptyState } from '../../components/Feedback/EmptyState';
import type { AddressView } from '../../models/account';
import { ADDRESSES_MAX } from '../../stores/account/AddressesStore';
import { useStores } from '../../stores/StoresContext';

/** /account/addresses: the member's delivery addresses, the default first; add, edit, delete, set default. */
export default observer(function AddressesPage() {
  const { addresses, auth } = useStores();
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AddressView | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const viewerId = auth.viewer?.id;

  useEffect(() => {
    if (viewerId) void addresses.fetch();
  }, [addresses, viewerId]);

  const openForm = (address: AddressView | null) => {
    setEditing(address);
    setFormOpen(true);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="addresses-page">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('address.count', { count: addresses.list.length, max: ADDRESSES_MAX })}</p>
        <button type="button" className={PRIMARY_BUTTON} disabled={addresses.isFull} onClick={() => openForm(null)} data-testid="address-add">
          <Plus className="size-4" aria-hidden />
          {t('address.add')}
        </button>
      </div>
      {!addresses.isLoaded ? (
        <div className="grid h-40 place-items-center">
          <SmallSpinner />
        </div>
      ) : addresses.list.length === 0 ? (
        <EmptyState icon={MapPinned} title={t('address.empty')} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('page.account.addresses.title')}>
          {addresses.sorted.map((address) => (
            <li key={address.id} className={`${CARD} group flex items-start gap-3`} data-testid="address-card">
              <AddressSummary address={address}>
                <div className="mt-1 flex flex-wrap items-center gap-1">
                  <button type="button" className={LINK_BUTTON} onClick={() => openForm(address)}>
                    <Pencil className="size-3.5" aria-hidden />
                    {t('address.edit')}
                  </button>
                  {!address.default && (
                    <button
                      type="button"
                      className={LINK_BUTTON}
                      disabled={addresses.busyId !== null}
                      onClick={() => void addresses.setDefault(address)}
                    >
                      <Star className="size-3.5" aria-hidden />
                      {t('address.setDefault')}
                    </button>
                  )}
                </div>
              </AddressSummary>
              <ConfirmDelete
                label={t('address.delete')}
                title={t('address.deleteTitle')}
                text={t('address.deleteText')}
                confirmLabel={t('address.delete')}
                onConfirm={() => void addresses.remove(address.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <AddressFormDialog open={formOpen} onOpenChange={setFormOpen} address={editing} />
    </div>
  );
});
