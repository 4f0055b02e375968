import { Ticket } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CouponCreateInput } from '../../../api/adminContent';
import { LANGUAGES, NATIVE_NAME, type Lang } from '../../../i18n/languages';
import type { ContentAdminStore } from '../../../stores/admin/ContentAdminStore';
import { useStores } from '../../../stores/StoresContext';
import { Sheet } from '../../Overlay/Sheet';
import { FIELD, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../common/styles';

/** The coupon types an admin creates here: money off, a sign-up gift, or credit on redemption. */
const COUPON_TYPES = ['cash', 'register', 'exchange'] as const;
type CouponType = (typeof COUPON_TYPES)[number];

const DAY_MS = 86_400_000;

export interface CouponDraft {
  names: Record<Lang, string>;
  type: CouponType;
  currency: string;
  amount: string;
  credit: string;
  count: string;
  owners: string;
  days: string;
  allowPush: boolean;
}

/** The member ids typed in, separated by commas or spaces. */
export function ownerIdsOf(text: string): string[] {
  return text.split(/[\s,，]+/).filter(Boolean);
}

/** admin.createCoupons' input from the form (the server validates every field and names a wrong one). */
export function couponInput(draft: CouponDraft, now = Date.now()): CouponCreateInput {
  const names = Object.fromEntries(Object.entries(draft.names).filter(([, name]) => name.trim() !== '').map(([lang, name]) => [lang, name.trim()]));
  const days = Number(draft.days) || 0;
  const money = draft.type === 'exchange' ? {} : { faceValue: { currency: draft.currency, amount: draft.amount.trim() } };
  const redeem = draft.type === 'exchange' ? { type: 'credit', credit: draft.credit.trim() } : { type: 'none' };
  const owners = ownerIdsOf(draft.owners);
  return {
    count: Number(draft.count) || 0,
    ...(owners.length ? { ownerIds: owners } : {}),
    template: {
      name: names,
      type: draft.type,
      ...money,
      allowPush: draft.allowPush,
      expiredTime: days > 0 ? now + days * DAY_MS : 0,
      redeem,
      useRestrict: { type: 'none' },
      restrictedType: '',
    },
  };
}

/**
 * "Create coupons" on the coupons tab: names per language, the type, its value (money off or
 * credit), how many for each owner (none: unowned templates), the expiry and whether they may be
 * gifted. The codes made are shown once done.
 */
export const CouponsForm = observer(function CouponsForm({ store }: { store: ContentAdminStore }) {
  const { settings } = useStores();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [draft, setDraft] = useState<CouponDraft>(() => ({
    names: { 'zh-hans': '', en: '', es: '' },
    type: 'cash',
    currency: settings.currencies[0]?.code ?? 'CNY',
    amount: '',
    credit: '',
    count: '1',
    owners: '',
    days: '30',
    allowPush: true,
  }));
  const set = <K extends keyof CouponDraft>(key: K, value: CouponDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const made = await store.createCoupons(couponInput(draft));
    if (made) setCodes(made);
  };

  return (
    <>
      <button
        type="button"
        className={PRIMARY_BUTTON}
        onClick={() => {
          setCodes(null);
          setOpen(true);
        }}
        data-testid="coupons-create-open"
      >
        <Ticket className="size-4" aria-hidden />
        {t('admin.content.coupons.create')}
      </button>
      <Sheet open={open} onOpenChange={setOpen} title={t('admin.content.coupons.create')} side="right" className="overflow-y-auto">
        {codes ? (
          <div className="flex flex-col gap-3 p-5 text-sm" data-testid="coupons-created">
            <p>{t('admin.content.coupons.created', { count: codes.length })}</p>
            <textarea readOnly className={`${FIELD} h-48 py-2 font-mono text-xs`} value={codes.join('\n')} aria-label={t('admin.content.coupons.codes')} />
            <button type="button" className={SECONDARY_BUTTON} onClick={() => setOpen(false)}>
              {t('admin.content.coupons.close')}
            </button>
          </div>
        ) : (
          <form className="flex flex-col gap-4 p-5" onSubmit={submit} data-testid="coupons-form">
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">{t('admin.content.coupons.name')}</legend>
              {LANGUAGES.map((lang) => (
                <input
                  key={lang}
                  className={FIELD}
                  placeholder={NATIVE_NAME[lang]}
                  aria-label={`${t('admin.content.coupons.name')} (${NATIVE_NAME[lang]})`}
                  value={draft.names[lang]}
                  maxLength={120}
                  onChange={(e) => set('names', { ...draft.names, [lang]: e.target.value })}
                />
              ))}
            </fieldset>
            <label className={LABEL}>
              {t('admin.content.coupons.type')}
              <select className={FIELD} value={draft.type} onChange={(e) => set('type', e.target.value as CouponType)}>
                {COUPON_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`admin.content.coupons.types.${type}`)}
                  </option>
                ))}
              </select>
            </label>
            {draft.type === 'exchange' ? (
              <label className={LABEL}>
                {t('admin.content.coupons.credit')}
                <input className={FIELD} inputMode="numeric" value={draft.credit} onChange={(e) => set('credit', e.target.value)} required />
              </label>
            ) : (
              <div className="grid grid-cols-[7rem_1fr] gap-2">
                <label className={LABEL}>
                  {t('admin.content.coupons.currency')}
                  <select className={FIELD} value={draft.currency} onChange={(e) => set('currency', e.target.value)}>
                    {settings.currencies.map((currency) => (
                      <option key={currency.code} value={currency.code}>
                        {currency.code}
                      </option>
                    ))}
                  </select>
                </label>
                <label className={LABEL}>
                  {t('admin.content.coupons.faceValue')}
                  <input className={FIELD} inputMode="decimal" value={draft.amount} onChange={(e) => set('amount', e.target.value)} required />
                </label>
              </div>
            )}
            <div className="grid grid-cols-2 gap-2">
              <label className={LABEL}>
                {t('admin.content.coupons.count')}
                <input className={FIELD} type="number" min={1} max={500} value={draft.count} onChange={(e) => set('count', e.target.value)} required />
              </label>
              <label className={LABEL}>
                {t('admin.content.coupons.days')}
                <input className={FIELD} type="number" min={0} value={draft.days} onChange={(e) => set('days', e.target.value)} />
              </label>
            </div>
            <label className={LABEL}>
              {t('admin.content.coupons.owners')}
              <input className={FIELD} value={draft.owners} placeholder="1001, 1002" onChange={(e) => set('owners', e.target.value)} />
              <span className="font-normal text-zinc-500">{t('admin.content.coupons.ownersHint')}</span>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={draft.allowPush} onChange={(e) => set('allowPush', e.target.checked)} />
              {t('admin.content.coupons.allowPush')}
            </label>
            <button type="submit" className={PRIMARY_BUTTON} disabled={store.isCreatingCoupons} data-testid="coupons-submit">
              {t('admin.content.coupons.submit')}
            </button>
          </form>
        )}
      </Sheet>
    </>
  );
});
