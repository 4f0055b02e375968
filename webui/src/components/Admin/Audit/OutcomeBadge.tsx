import { useTranslation } from 'react-i18next';
import { BADGE } from '../common/styles';

const OUTCOME_CLASS: Record<string, string> = {
  ok: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  refused: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300',
  failed: 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300',
};

/** How an audited call ended, with the HTTP status the caller saw. */
export function OutcomeBadge({ outcome, status }: { outcome: string; status: number }) {
  const { t } = useTranslation();
  return (
    <span className={`${BADGE} ${OUTCOME_CLASS[outcome] ?? OUTCOME_CLASS.failed}`} data-outcome={outcome}>
      {t(`admin.audit.outcome.${outcome}`, { defaultValue: outcome })} · {status}
    </span>
  );
}
