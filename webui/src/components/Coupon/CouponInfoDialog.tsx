import { Gift, Loader2, Repeat } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Summary } from '../../api/wire.gen';
import { canGiftCoupon, canRedeemCoupon, couponProductPath, memberUser, type CouponView } from '../../models/account';
import { productCategoryPath, productTagPath } from '../../models/shop';
import { useStores } from '../../stores/StoresContext';
import { formatDate, formatDateTime } from '../../utils/dates';
import { profilePath } from '../../utils/links';
import { LocalizedLink } from '../common/LocalizedLink';
import { Sheet } from '../Overlay/Sheet';
import { UserAvatar } from '../User/UserAvatar';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../Address/styles';
import { CouponExpiry, CouponStatusChip } from './CouponStatusChip';
import { MoneyText } from './FaceValue';
import { RecipientPicker } from './RecipientPicker';
import '../../stores/account/CouponsStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The coupon info dialog (SPEC §2/§3) of the coupon the store has open. */
export const CouponInfoDialog = observer(function CouponInfoDialog() {
  const { coupons } = useStores();
  const { t } = useTranslation();
  const coupon = coupons.openCoupon;
  return (
    <Sheet
      open={coupons.openCode !== null}
      onOpenChange={(open) => !open && coupons.close()}
      title={coupon?.name || t('coupon.info')}
      description={t('coupon.info')}
      className="sm:w-[min(92vw,30rem)]"
    >
      {coupon ? <CouponInfo coupon={coupon} /> : <div className="grid h-40 place-items-center"><Loader2 className="size-5 animate-spin text-zinc-400" aria-label={t('common.loading')} /></div>}
    </Sheet>
  );
});

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-3 py-2 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Every field of a coupon, then gifting and redeeming when they apply. */
export const CouponInfo = observer(function CouponInfo({ coupon }: { coupon: CouponView }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const restrict = coupon.useRestrict ?? { type: 'none' };
  const redeem = coupon.redeem ?? { type: 'none' };
  return (
    <div className="flex flex-col gap-4 p-5" data-testid="coupon-info">
      <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
        <Row label={t('coupon.field.code')}>
          <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800">{coupon.code}</code>
        </Row>
        <Row label={t('coupon.field.status')}>
          <CouponStatusChip coupon={coupon} />
        </Row>
        <Row label={t('coupon.field.type')}>{coupon.type ? t(`coupon.type.${coupon.type}`) : t('coupon.status.invalid')}</Row>
        <Row label={t('coupon.field.faceValue')}>{coupon.faceValue ? <MoneyText money={coupon.faceValue} className="font-semibold" /> : '—'}</Row>
        {coupon.minSpend && Number(coupon.minSpend.amount) > 0 && (
          <Row label={t('coupon.field.minSpend')}>
            <MoneyText money={coupon.minSpend} />
          </Row>
        )}
        <Row label={t('coupon.field.allowPush')}>{t(coupon.allowPush ? 'coupon.yes' : 'coupon.no')}</Row>
        <Row label={t('coupon.field.createdAt')}>{coupon.createdAt ? formatDate(coupon.createdAt, lang) : '—'}</Row>
        <Row label={t('coupon.field.expiredAt')}>
          <CouponExpiry coupon={coupon} />
        </Row>
        <Row label={t('coupon.field.redeem')}>
          <span>{t(`coupon.redeemType.${redeem.type}`)}</span>
          {redeem.type === 'money' && redeem.money && (
            <>
              {' '}
              <MoneyText money={redeem.money} />
            </>
          )}
          {redeem.type === 'credit' && redeem.credit && <span className="tabular-nums"> {redeem.credit}</span>}
          {redeem.type === 'level' && redeem.level && <span> {redeem.level}</span>}
          {redeem.text && <p className="mt-0.5 text-xs text-zinc-500">{redeem.text}</p>}
        </Row>
        <Row label={t('coupon.field.useRestrict')}>
          {restrict.type === 'ids' ? (
            <ul className="flex flex-col gap-1" aria-label={t('coupon.restrict.ids')}>
              {(restrict.users ?? []).map((user) => (
                <li key={user.id}>
                  <LocalizedLink to={profilePath(memberUser(user))} className="inline-flex items-center gap-1.5 text-brand-600 hover:underline dark:text-brand-400">
                    <UserAvatar user={memberUser(user)} size="sm" className="!size-5" />
                    {user.name}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          ) : restrict.type === 'levels' ? (
            <span>
              {t('coupon.restrict.levels')}: {(restrict.levels ?? []).map((level) => level.name || level.key).join(', ')}
            </span>
          ) : (
            t('coupon.restrict.none')
          )}
        </Row>
        <Row label={t('coupon.field.restrictedType')}>
          <span>{t(`coupon.restrictedType.${coupon.restrictedType || 'other'}`)}</span>
          {(coupon.restrictedProduct ?? []).length > 0 && (
            <ul className="mt-1 flex flex-col gap-0.5">
              {(coupon.restrictedProduct ?? []).map((product) => (
                <li key={product.id}>
                  <LocalizedLink to={couponProductPath(product)} className="text-brand-600 hover:underline dark:text-brand-400">
                    {product.title || product.id}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          )}
          {(coupon.restrictedTerms ?? []).length > 0 && (
            <ul className="mt-1 flex flex-col gap-0.5" data-testid="coupon-terms">
              {(coupon.restrictedTerms ?? []).map((term) => (
                <li key={term.id}>
                  <LocalizedLink
                    to={term.kind === 'tag' ? productTagPath(term) : productCategoryPath(term)}
                    className="text-brand-600 hover:underline dark:text-brand-400"
                  >
                    {term.name || term.slug || term.id}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          )}
        </Row>
        {coupon.description && (
          <Row label={t('coupon.field.description')}>
            <p className="whitespace-pre-line text-zinc-600 dark:text-zinc-300">{coupon.description}</p>
          </Row>
        )}
        {coupon.usedAt ? (
          <Row label={t('coupon.field.usedAt')}>
            {formatDateTime(coupon.usedAt, lang)}
            {coupon.orderId && (
              <>
                {' · '}
                <LocalizedLink to="/account/orders" className="text-brand-600 hover:underline dark:text-brand-400">
                  {t('coupon.field.order')}
                </LocalizedLink>
              </>
            )}
          </Row>
        ) : null}
      </dl>
      <RedeemCoupon coupon={coupon} />
      <GiftCoupon coupon={coupon} />
    </div>
  );
});

/** Redeeming an unused exchange coupon into balance, credit or level. */
const RedeemCoupon = observer(function RedeemCoupon({ coupon }: { coupon: CouponView }) {
  const { coupons } = useStores();
  const { t } = useTranslation();
  if (!canRedeemCoupon(coupon)) return null;
  const busy = coupons.busy.has(coupon.code);
  return (
    <button type="button" className={SECONDARY_BUTTON} disabled={busy} onClick={() => void coupons.redeem(coupon.code)} data-testid="coupon-redeem">
      {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Repeat className="size-4" aria-hidden />}
      {t('coupon.redeem')}
    </button>
  );
});

/**
 * Gifting a coupon to another member (SPEC §6): offered for a coupon that allows it; the button is
 * enabled only once a recipient is chosen.
 */
export const GiftCoupon = observer(function GiftCoupon({ coupon }: { coupon: CouponView }) {
  const { coupons, auth } = useStores();
  const { t } = useTranslation();
  const [recipient, setRecipient] = useState<Summary | null>(null);
  if (!coupon.allowPush) {
    return <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('coupon.gift.notAllowed')}</p>;
  }
  const viewerId = auth.viewer?.data.databaseId;
  const enabled = canGiftCoupon(coupon, recipient?.databaseId, viewerId);
  const busy = coupons.busy.has(coupon.code);
  return (
    <section className="flex flex-col gap-2 rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/50" aria-label={t('coupon.gift.title')}>
      <h3 className="flex items-center gap-1.5 text-sm font-semibold">
        <Gift className="size-4" aria-hidden />
        {t('coupon.gift.title')}
      </h3>
      <RecipientPicker value={recipient} onChange={setRecipient} />
      <button
        type="button"
        className={PRIMARY_BUTTON}
        disabled={!enabled || busy}
        data-testid="coupon-gift"
        onClick={() => recipient && void coupons.push(coupon.code, recipient.databaseId)}
      >
        {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {recipient ? t('coupon.gift.sendTo', { name: recipient.name }) : t('coupon.gift.send')}
      </button>
    </section>
  );
});
