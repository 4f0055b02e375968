import { Crown, Lock, LogIn, MessageSquare, QrCode, TrendingUp, Wallet } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CREDIT } from '../../api/wallet';
import type { Role } from '../../api/wire.gen';
import { localize, type LevelEntry } from '../../models/settings';
import type { CommentTarget } from '../../stores/CommentThread';
import { useStores } from '../../stores/StoresContext';
import { minorToMajor } from '../../utils/money';
import { LocalizedLink } from '../common/LocalizedLink';
import { Sheet } from '../Overlay/Sheet';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../Wallet/buttons';
import { PaymentQrDialog } from '../Wallet/PaymentQrDialog';
import { commentInputId } from './commentInput';

/** Where members see and buy what a level or tier unlocks. */
const MEMBERSHIP_PATH = '/account/membership';
/** Where members top up their wallet. */
const TOP_UP_PATH = '/account/wealth';

/** An entry that is paid for from the wallet (a qrcode entry is paid through the payment provider). */
function isPriced(role: Role): boolean {
  return role.type === 'money' || role.type === 'credit';
}

/** The wallet asset an entry is paid in: its currency, or CREDIT. */
function assetOf(role: Role): string {
  return role.type === 'credit' ? CREDIT : (role.currency ?? '');
}

/** The entries to offer: the server's choice first, then the others once each, free ones left out. */
function entriesToOffer(gate: Role | undefined, roles: Role[]): Role[] {
  const seen = new Set<string>();
  return [...(gate ? [gate] : []), ...roles].filter((role) => {
    const key = `${role.type}:${role.currency ?? ''}:${role.value ?? ''}`;
    if (role.type === 'free' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function levelName(key: string | undefined, list: LevelEntry[] | undefined, lang: string): string {
  const entry = list?.find((level) => level.key === key);
  return entry ? localize(entry.names ?? entry.name ?? key, lang) || (key ?? '') : (key ?? '');
}

const ROW = 'flex flex-col gap-3 rounded-xl bg-white/70 p-3.5 ring-1 ring-zinc-900/5 sm:flex-row sm:items-center sm:justify-between dark:bg-zinc-900/60 dark:ring-white/10';

/**
 * What stands between the viewer and gated content, and how to get past it (SPEC §6): log in;
 * comment (the content opens with the viewer's first comment); pay a price from the wallet
 * (money or credit: confirmed first, a low balance offers a top-up); pay a qrcode entry through
 * the payment provider (its QR dialog, the content opening once the payment is paid); or reach a
 * level or VIP tier (with a link to the membership page). `onUnlocked` runs when the content
 * may be read now: the caller reads it again.
 */
export const GateBox = observer(function GateBox({
  targetType,
  targetId,
  gate,
  roles,
  onUnlocked,
}: {
  targetType: CommentTarget;
  targetId: string;
  /** The entry the server offers this viewer. */
  gate?: Role;
  /** Every entry of the content's gate. */
  roles: Role[];
  onUnlocked: () => void;
}) {
  const { auth, content, openLogin, settings, wallet } = useStores();
  const { t, i18n } = useTranslation();
  const [buying, setBuying] = useState<Role | null>(null);
  const [scanning, setScanning] = useState(false);
  const entries = entriesToOffer(gate, roles);
  const commented = content.hasCommented(targetType, targetId);
  const levels = settings.settings?.level;

  const opensByComment = entries.some((role) => role.type === 'comment');
  // Only a comment written while this box is shown opens it: one written before did not.
  const commentedBefore = useRef(commented);
  const unlocked = useRef(onUnlocked);
  useEffect(() => {
    unlocked.current = onUnlocked;
  });
  useEffect(() => {
    if (commented && !commentedBefore.current && opensByComment) unlocked.current();
    commentedBefore.current = commented;
  }, [commented, opensByComment]);

  const price = (role: Role) =>
    role.type === 'credit' ? wallet.format(CREDIT, role.value ?? '0') : wallet.format(assetOf(role), minorToMajor(Number(role.value ?? 0)).toFixed(2));

  const askToBuy = (role: Role) => {
    if (auth.requireLogin()) setBuying(role);
  };

  const payByQr = async () => {
    if (await content.unlockByQr(targetType, targetId, () => unlocked.current())) setScanning(true);
  };

  const writeComment = () => {
    if (!auth.requireLogin()) return;
    const input = document.getElementById(commentInputId(targetType, targetId));
    input?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    input?.focus({ preventScroll: true });
  };

  return (
    <section
      data-testid="gate-box"
      data-gate={gate?.type ?? ''}
      aria-labelledby={`gate-${targetType}-${targetId}`}
      className="rounded-2xl bg-gradient-to-b from-brand-50 to-zinc-50 p-5 ring-1 ring-brand-500/15 dark:from-brand-500/10 dark:to-zinc-900 dark:ring-brand-400/20"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-white">
          <Lock className="size-5" aria-hidden />
        </span>
        <div>
          <h2 id={`gate-${targetType}-${targetId}`} className="font-semibold">
            {t('content.gate.title')}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('content.gate.subtitle')}</p>
        </div>
      </div>
      <ul className="mt-4 space-y-2.5">
        {entries.map((role) => (
          <li key={`${role.type}:${role.currency ?? ''}:${role.value ?? ''}`} className={ROW} data-entry={role.type}>
            {isPriced(role) ? (
              <>
                <p className="flex items-center gap-2 text-sm">
                  <Wallet className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
                  {t('content.gate.price', { price: price(role) })}
                </p>
                <button type="button" className={PRIMARY_BUTTON} onClick={() => askToBuy(role)}>
                  {t('content.gate.unlock', { price: price(role) })}
                </button>
              </>
            ) : role.type === 'qrcode' ? (
              <>
                <p className="flex items-center gap-2 text-sm">
                  <QrCode className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
                  {t('content.gate.qrcode', { price: price(role) })}
                </p>
                <button
                  type="button"
                  className={PRIMARY_BUTTON}
                  disabled={content.isUnlocking(targetType, targetId)}
                  onClick={() => void payByQr()}
                >
                  {content.isUnlocking(targetType, targetId) ? t('content.gate.starting') : t('content.gate.scan', { price: price(role) })}
                </button>
              </>
            ) : role.type === 'login' ? (
              <>
                <p className="flex items-center gap-2 text-sm">
                  <LogIn className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
                  {t('content.gate.login')}
                </p>
                {!auth.isLoggedIn && (
                  <button type="button" className={PRIMARY_BUTTON} onClick={() => openLogin()}>
                    {t('content.gate.loginAction')}
                  </button>
                )}
              </>
            ) : role.type === 'comment' ? (
              <>
                <p className="flex items-center gap-2 text-sm">
                  <MessageSquare className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
                  {t('content.gate.comment')}
                </p>
                <button type="button" className={PRIMARY_BUTTON} onClick={writeComment}>
                  {t('content.gate.commentAction')}
                </button>
              </>
            ) : role.type === 'level' || role.type === 'vip' ? (
              <>
                <p className="flex items-center gap-2 text-sm">
                  {role.type === 'vip' ? (
                    <Crown className="size-4 shrink-0 text-amber-500" aria-hidden />
                  ) : (
                    <TrendingUp className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
                  )}
                  {t(role.type === 'vip' ? 'content.gate.vip' : 'content.gate.level', {
                    name: levelName(role.value, role.type === 'vip' ? levels?.vip : levels?.lv, i18n.language),
                  })}
                </p>
                <LocalizedLink to={MEMBERSHIP_PATH} className={SECONDARY_BUTTON}>
                  {t(role.type === 'vip' ? 'content.gate.vipAction' : 'content.gate.levelAction')}
                </LocalizedLink>
              </>
            ) : (
              <p className="text-sm">{t('content.gate.other')}</p>
            )}
          </li>
        ))}
      </ul>
      {scanning && <PaymentQrDialog />}
      <ConfirmUnlock
        role={buying}
        price={buying ? price(buying) : ''}
        targetType={targetType}
        targetId={targetId}
        onClose={() => setBuying(null)}
        onUnlocked={() => {
          setBuying(null);
          onUnlocked();
        }}
      />
    </section>
  );
});

/** The confirmation before paying: the price, the balance, and a top-up link when it is too low. */
const ConfirmUnlock = observer(function ConfirmUnlock({
  role,
  price,
  targetType,
  targetId,
  onClose,
  onUnlocked,
}: {
  role: Role | null;
  price: string;
  targetType: CommentTarget;
  targetId: string;
  onClose: () => void;
  onUnlocked: () => void;
}) {
  const { content, wallet, ui } = useStores();
  const { t } = useTranslation();
  const [insufficient, setInsufficient] = useState(false);
  const busy = content.isUnlocking(targetType, targetId);
  const asset = role ? assetOf(role) : '';
  const balance = asset === CREDIT ? wallet.format(CREDIT, wallet.credit) : wallet.format(asset, wallet.balance(asset));

  useEffect(() => setInsufficient(false), [role]);

  const confirm = async () => {
    const outcome = await content.unlock(targetType, targetId, asset, role?.type === 'credit' ? 'credit' : 'money');
    if (outcome === 'unlocked') onUnlocked();
    else setInsufficient(outcome === 'insufficient');
  };

  return (
    <Sheet
      open={role !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('content.gate.confirmTitle')}
      side={ui.isMobile ? 'bottom' : 'center'}
      dismissible={!busy}
    >
      <div className="space-y-4 p-5 text-sm" data-testid="unlock-confirm">
        <p>{t('content.gate.confirmText', { price })}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('content.gate.balance', { amount: balance })}</p>
        {insufficient && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-700 dark:bg-red-500/10 dark:text-red-300">
            {t('content.error.insufficientFunds')}{' '}
            <LocalizedLink to={TOP_UP_PATH} onClick={onClose} className="font-medium underline underline-offset-2">
              {t('content.gate.topUp')}
            </LocalizedLink>
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={SECONDARY_BUTTON} disabled={busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className={PRIMARY_BUTTON} disabled={busy} onClick={() => void confirm()}>
            {busy ? t('content.gate.paying') : t('content.gate.pay', { price })}
          </button>
        </div>
      </div>
    </Sheet>
  );
});
