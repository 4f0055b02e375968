import { MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addressLine, type AddressView } from '../../models/account';
import { CHIP } from './styles';

/** One address: recipient, phone with dial code, the places and line, postcode, the default mark; actions after it. */
export function AddressSummary({ address, children }: { address: AddressView; children?: ReactNode }) {
  const { t } = useTranslation();
  // The server's one-line form holds the postcode; one composed here adds it.
  const line = address.addressString || [addressLine(address), address.postcode].filter(Boolean).join(' · ');
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{address.name}</span>
        <span className="flex items-center gap-1 text-zinc-500 tabular-nums dark:text-zinc-400">
          <Phone className="size-3.5" aria-hidden />
          {address.dialCode} {address.phone}
        </span>
        {address.default && (
          <span className={`${CHIP} bg-brand-50 text-brand-700 ring-brand-600/20 dark:bg-brand-500/10 dark:text-brand-300 dark:ring-brand-400/30`}>
            {t('address.defaultChip')}
          </span>
        )}
      </div>
      <p className="flex items-start gap-1 text-zinc-600 dark:text-zinc-300">
        <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">
          {line}
        </span>
      </p>
      {children}
    </div>
  );
}
