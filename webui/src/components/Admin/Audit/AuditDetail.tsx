import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../api/adminMembers';
import { formatDateTime } from '../../../utils/dates';
import { AdminDrawer } from '../common/AdminDrawer';
import { Fact, Facts } from '../common/Facts';
import { JsonView } from '../common/JsonView';
import { OutcomeBadge } from './OutcomeBadge';

/** One audit entry: who did what to which target, how it ended, and its before and after side by side. */
export const AuditDetail = observer(function AuditDetail({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <AdminDrawer title={entry.action} description={t('admin.audit.detail')} onClose={onClose} testId="audit-detail">
      <div className="flex flex-col gap-4">
        <Facts>
          <Fact label={t('admin.audit.column.at')} value={formatDateTime(entry.at, i18n.language)} />
          <Fact label={t('admin.audit.column.actor')} value={entry.actor ? `${entry.actor.name} (#${entry.actor.databaseId})` : t('admin.audit.unknownActor')} />
          <Fact label={t('admin.audit.column.target')} value={entry.target} />
          <Fact label={t('admin.audit.column.outcome')} value={<OutcomeBadge outcome={entry.outcome} status={entry.status} />} />
          <Fact label={t('admin.audit.ip')} value={entry.ip} />
          <Fact label={t('admin.audit.userAgent')} value={entry.userAgent} />
        </Facts>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <JsonView title={t('admin.audit.before')} text={entry.before} against={entry.after} testId="audit-before" />
          <JsonView title={t('admin.audit.after')} text={entry.after} against={entry.before} testId="audit-after" />
        </div>
        <JsonView title={t('admin.audit.input')} text={entry.input} testId="audit-input" />
      </div>
    </AdminDrawer>
  );
});
