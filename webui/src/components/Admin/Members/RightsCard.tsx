import { Crown, ShieldCheck, TrendingUp } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LevelChoice, VipOp } from '../../../api/adminMembers';
import type { MemberDetailStore } from '../../../stores/admin/MemberDetailStore';
import { formatDateTime } from '../../../utils/dates';
import { AdminCard } from '../common/AdminCard';
import { InlineError } from '../common/InlineError';
import { FIELD, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../common/styles';

/** The longest VIP grant or extension the server accepts, in days. */
const MAX_VIP_DAYS = 36_500;

/** What decides the member's rights: growth level, VIP tier, roles. */
export const RightsCard = observer(function RightsCard({ store }: { store: MemberDetailStore }) {
  return (
    <>
      <LevelForm store={store} />
      <VipForm store={store} />
      <RolesForm store={store} />
    </>
  );
});

/** A labelled select of the site's levels or VIP tiers, by name. */
function ChoiceSelect({ id, label, value, onChange, choices, className }: { id: string; label: string; value: string; onChange: (key: string) => void; choices: readonly LevelChoice[]; className: string }) {
  return (
    <label className={`${LABEL} flex-1 ${className}`} htmlFor={id}>
      {label}
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={FIELD}>
        {choices.map((choice) => (
          <option key={choice.key} value={choice.key}>
            {choice.name || choice.key}
          </option>
        ))}
      </select>
    </label>
  );
}

const LevelForm = observer(function LevelForm({ store }: { store: MemberDetailStore }) {
  const { t } = useTranslation();
  const id = useId();
  const current = store.detail?.member.level ?? '';
  const [level, setLevel] = useState(current);
  const levels = store.detail?.levels ?? [];
  return (
    <AdminCard title={t('admin.members.level')} icon={TrendingUp} testId="member-level">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void store.setLevel(level);
        }}
      >
        <ChoiceSelect id={id} label={t('admin.members.levelPick')} value={level} onChange={setLevel} choices={levels} className="min-w-40" />
        <button type="submit" className={PRIMARY_BUTTON} disabled={level === current || store.busy.has('setLevel')}>
          {t('admin.members.save')}
        </button>
      </form>
      <InlineError message={store.errors.get('setLevel')} />
    </AdminCard>
  );
});

const VipForm = observer(function VipForm({ store }: { store: MemberDetailStore }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const member = store.detail?.member;
  const tiers = store.detail?.vipTiers ?? [];
  const [tier, setTier] = useState(member?.vip || tiers[0]?.key || '');
  const [days, setDays] = useState('30');
  if (!member) return null;
  const dayCount = Number(days);
  const validDays = Number.isInteger(dayCount) && dayCount >= 0 && dayCount <= MAX_VIP_DAYS;
  const busy = store.busy.has('setVip');
  const submit = (op: VipOp) => void store.setVip(op, tier, dayCount);
  return (
    <AdminCard title={t('admin.members.vip.title')} icon={Crown} testId="member-vip">
      <p className="text-sm text-zinc-600 dark:text-zinc-300" data-testid="member-vip-state">
        {!member.vip
          ? t('admin.members.vip.none')
          : member.vipExpiresAt
            ? t('admin.members.vip.until', { tier: member.vipName || member.vip, time: formatDateTime(member.vipExpiresAt, i18n.language) })
            : t('admin.members.vip.forever', { tier: member.vipName || member.vip })}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <ChoiceSelect id={`${id}-tier`} label={t('admin.members.vip.tier')} value={tier} onChange={setTier} choices={tiers} className="min-w-36" />
        <label className={`${LABEL} w-28`} htmlFor={`${id}-days`}>
          {t('admin.members.vip.days')}
          <input id={`${id}-days`} type="number" min={0} max={MAX_VIP_DAYS} step={1} value={days} onChange={(event) => setDays(event.target.value)} className={FIELD} />
        </label>
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('admin.members.vip.daysHint')}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={PRIMARY_BUTTON} disabled={busy || !tier || !validDays} onClick={() => submit('grant')}>
          {t('admin.members.vip.grant')}
        </button>
        {member.vip && (
          <>
            <button type="button" className={SECONDARY_BUTTON} disabled={busy || !validDays || dayCount < 1} onClick={() => submit('extend')}>
              {t('admin.members.vip.extend')}
            </button>
            <button type="button" className={SECONDARY_BUTTON} disabled={busy} onClick={() => submit('revoke')}>
              {t('admin.members.vip.revoke')}
            </button>
          </>
        )}
      </div>
      <InlineError message={store.errors.get('setVip')} />
    </AdminCard>
  );
});

/** A role's checkbox with what the role allows. */
function RoleSwitch({ role, checked, onChange }: { role: 'admin' | 'builder'; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="flex items-start gap-2.5 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 accent-zinc-900 dark:accent-white" checked={checked} onChange={(event) => onChange(event.target.checked)} data-testid={`member-role-${role}`} />
      <span>
        {t(`admin.members.role.${role}`)}
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t(`admin.members.roles.${role}Hint`)}</span>
      </span>
    </label>
  );
}

const RolesForm = observer(function RolesForm({ store }: { store: MemberDetailStore }) {
  const { t } = useTranslation();
  const member = store.detail?.member;
  const [admin, setAdmin] = useState(member?.isAdmin ?? false);
  const [builder, setBuilder] = useState(member?.canBuilder ?? false);
  if (!member) return null;
  const changed = admin !== member.isAdmin || builder !== member.canBuilder;
  return (
    <AdminCard title={t('admin.members.roles.title')} icon={ShieldCheck} testId="member-roles">
      <form
        className="flex flex-col gap-3"
        onSubmit={async (event) => {
          event.preventDefault();
          const done = await store.setRoles(admin, builder);
          // A refusal (the last administrator) puts the switches back as they are stored.
          if (!done) {
            setAdmin(store.detail?.member.isAdmin ?? false);
            setBuilder(store.detail?.member.canBuilder ?? false);
          }
        }}
      >
        <RoleSwitch role="admin" checked={admin} onChange={setAdmin} />
        <RoleSwitch role="builder" checked={builder} onChange={setBuilder} />
        <InlineError message={store.errors.get('setRoles')} testId="member-roles-error" />
        <button type="submit" className={`${PRIMARY_BUTTON} self-start`} disabled={!changed || store.busy.has('setRoles')} data-testid="member-roles-save">
          {t('admin.members.save')}
        </button>
      </form>
    </AdminCard>
  );
});
