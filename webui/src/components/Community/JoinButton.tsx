import * as Popover from '@radix-ui/react-popover';
import { Check, Lock, UserPlus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { CREDIT } from '../../api/wallet';
import type { NodeView } from '../../api/wire.gen';
import { localize } from '../../models/settings';
import { useStores } from '../../stores/StoresContext';
import { LocalizedLink } from '../common/LocalizedLink';
import { Sheet } from '../Overlay/Sheet';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../Wallet/buttons';
import { nodeName } from './paths';

/** The name of a growth level in the reader's language, from the settings (its key when unknown). */
function useLevelName(key: string): string {
  const { settings } = useStores();
  const { i18n } = useTranslation();
  const entry = settings.settings?.level?.lv?.find((level) => level.key === key);
  return entry ? localize(entry.names ?? entry.name ?? key, i18n.language) || key : key;
}

/** A node's price with its currency's or the credit's symbol. */
function usePrice(node: NodeView): string {
  const { wallet } = useStores();
  const rule = node.communityCatMetas.settings.joinRole;
  const currency = rule.pay?.currency ?? rule.currency ?? '';
  return wallet.format(currency, rule.pay?.value ?? rule.value);
}

/** What a node's join rule asks, in a sentence: free, its price, the level needed, invitation only. */
export const JoinRequirement = observer(function JoinRequirement({ node }: { node: NodeView }) {
  const { t } = useTranslation();
  const rule = node.communityCatMetas.settings.joinRole;
  const price = usePrice(node);
  const level = useLevelName(rule.value);
  switch (rule.type) {
    case 'money':
      return <>{t('page.community.join.rule.money', { price })}</>;
    case 'level':
      return <>{t('page.community.join.rule.level', { level })}</>;
    case 'other':
      return <>{t('page.community.join.rule.other')}</>;
    default:
      return <>{t('page.community.join.rule.free')}</>;
  }
});

/**
 * Joins or leaves a node: free and level nodes at once, a paid one after confirming its price
 * (the wallet pays; a balance too low says so with a link to top up), a node of type other only by
 * invitation. A guest is asked to log in. `onChange` gets the node after a join or a leave.
 */
export const JoinButton = observer(function JoinButton({ node: given, onChange }: { node: NodeView; onChange?: (node: NodeView) => void }) {
  const { community } = useStores();
  const { t } = useTranslation();
  const node = community.current(given);
  const rule = node.communityCatMetas.settings.joinRole;
  const busy = community.busy.has(node.databaseId);
  const price = usePrice(node);
  const done = (after: NodeView | null) => {
    if (after) onChange?.(after);
  };

  if (node.communityCatMetas.isJoin) return <LeaveButton node={node} busy={busy} onLeft={done} />;
  if (rule.type === 'other') {
    return (
      <button type="button" disabled className={SECONDARY_BUTTON} title={t('page.community.join.rule.other')}>
        <Lock className="size-4" aria-hidden />
        {t('page.community.join.inviteOnly')}
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        className={PRIMARY_BUTTON}
        disabled={busy}
        aria-busy={busy}
        data-testid="join-node"
        onClick={() => void community.askToJoin(node).then(done)}
      >
        <UserPlus className="size-4" aria-hidden />
        {rule.type === 'money' ? t('page.community.join.joinFor', { price }) : t('page.community.join.join')}
      </button>
      <ConfirmJoin node={node} price={price} onJoined={done} />
    </>
  );
});

const LeaveButton = observer(function LeaveButton({ node, busy, onLeft }: { node: NodeView; busy: boolean; onLeft: (node: NodeView | null) => void }) {
  const { community } = useStores();
  const { t } = useTranslation();
  return (
    <Popover.Root>
      <Popover.Trigger className={SECONDARY_BUTTON} disabled={busy} aria-busy={busy} data-testid="leave-node">
        <Check className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
        {t('page.community.join.joined')}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="end"
          sideOffset={6}
          collisionPadding={12}
          className="z-[60] w-64 rounded-xl bg-white p-3 text-sm shadow-xl ring-1 ring-zinc-900/10 animate-fade-in dark:bg-zinc-800 dark:ring-white/10"
        >
          <p className="font-medium text-zinc-900 dark:text-zinc-100">{t('page.community.join.leaveTitle')}</p>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{t('page.community.join.leaveText')}</p>
          <div className="mt-3 flex justify-end gap-2">
            <Popover.Close className="rounded-lg px-3 py-1.5 text-xs font-medium text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-700">
              {t('common.cancel')}
            </Popover.Close>
            <Popover.Close
              className="rounded-lg bg-red-600 px-3 py-1.5 text-xs font-medium text-white hover:bg-red-700"
              onClick={() => void community.leave(node.databaseId).then(onLeft)}
            >
              {t('page.community.join.leave')}
            </Popover.Close>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});

/** The confirmation of a paid join: the price, the balance it comes from, and a balance too low. */
const ConfirmJoin = observer(function ConfirmJoin({ node, price, onJoined }: { node: NodeView; price: string; onJoined: (node: NodeView | null) => void }) {
  const { community, wallet, ui } = useStores();
  const { t, i18n } = useTranslation();
  const pending = community.pendingJoin?.nodeId === node.databaseId ? community.pendingJoin : null;
  const busy = community.busy.has(node.databaseId);
  const rule = node.communityCatMetas.settings.joinRole;
  const currency = rule.pay?.currency ?? rule.currency ?? '';
  const balance = currency === CREDIT ? wallet.format(CREDIT, wallet.credit) : wallet.format(currency, wallet.balance(currency));
  return (
    <Sheet
      open={pending !== null}
      onOpenChange={(open) => !open && community.cancelJoin()}
      title={t('page.community.join.confirmTitle')}
      side={ui.isMobile ? 'bottom' : 'center'}
      dismissible={!busy}
    >
      {pending && (
        <div className="space-y-4 p-5 text-sm" data-testid="join-confirm">
          <p>{t('page.community.join.confirmText', { name: nodeName(node, i18n.language), price })}</p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('wallet.membership.confirmBalance', { amount: balance })}</p>
          {pending.error && (
            <div role="alert" className="rounded-xl bg-red-50 p-3 text-red-700 dark:bg-red-500/10 dark:text-red-300">
              <p>{pending.error.messages.join(' ')}</p>
              <LocalizedLink to="/account/wealth" className="mt-1 inline-block font-medium underline" onClick={() => community.cancelJoin()}>
                {t('page.community.join.topUp')}
              </LocalizedLink>
            </div>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={SECONDARY_BUTTON} disabled={busy} onClick={() => community.cancelJoin()}>
              {t('common.cancel')}
            </button>
            <button type="button" className={PRIMARY_BUTTON} disabled={busy} onClick={() => void community.confirmJoin().then(onJoined)}>
              {busy ? t('page.community.join.paying') : t('page.community.join.pay', { price })}
            </button>
          </div>
        </div>
      )}
    </Sheet>
  );
});
