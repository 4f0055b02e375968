import { Loader2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_CATEGORIES, TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX, newClientId, type TicketCategory, type TicketView } from '../../models/account';
import { useStores } from '../../stores/StoresContext';
import { ERROR_TEXT, FIELD, LABEL, PRIMARY_BUTTON } from '../Address/styles';
import { SheetForm } from '../common/SheetForm';
import { Sheet } from '../Overlay/Sheet';
import { AttachmentPicker } from './AttachmentPicker';
import '../../stores/account/TicketsStore'; // builds root's store on first use (stores/lazyStores.ts)

/** What is wrong with a new ticket before it is sent: i18n keys by field. */
export function validateTicket(subject: string, message: string): { subject?: string; message?: string } {
  const errors: { subject?: string; message?: string } = {};
  if (!subject.trim()) errors.subject = 'ticket.error.subject';
  else if (subject.trim().length > TICKET_SUBJECT_MAX) errors.subject = 'ticket.error.subjectLong';
  if (!message.trim()) errors.message = 'ticket.error.message';
  else if (message.trim().length > TICKET_MESSAGE_MAX) errors.message = 'ticket.error.messageLong';
  return errors;
}

/** The new-ticket form: subject, category, message, attachments from the media library. */
export const NewTicketDialog = observer(function NewTicketDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated?(ticket: TicketView): void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('ticket.new')} description={t('ticket.newDescription')} className="sm:w-[min(92vw,32rem)]">
      {open && (
        <NewTicketForm
          onCreated={(ticket) => {
            onOpenChange(false);
            onCreated?.(ticket);
          }}
        />
      )}
    </Sheet>
  );
});

const NewTicketForm = observer(function NewTicketForm({ onCreated }: { onCreated(ticket: TicketView): void }) {
  const { tickets } = useStores();
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<TicketCategory>('other');
  const [message, setMessage] = useState('');
  const [attachments, setAttachments] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  // One id per opening: a retry of the same form opens the ticket once.
  const [clientId] = useState(() => newClientId('ticket'));
  const errors = submitted ? validateTicket(subject, message) : {};

  return (
    <SheetForm
      testId="ticket-form"
      onSubmit={() => {
        setSubmitted(true);
        if (Object.keys(validateTicket(subject, message)).length > 0) return;
        void tickets.createTicket({ subject, category, message, attachments }, clientId).then((ticket) => ticket && onCreated(ticket));
      }}
    >
      <label className="flex flex-col gap-1.5">
        <span className={LABEL}>{t('ticket.subject')}</span>
        <input
          value={subject}
          maxLength={TICKET_SUBJECT_MAX}
          onChange={(event) => setSubject(event.target.value)}
          aria-invalid={Boolean(errors.subject) || undefined}
          className={`${FIELD} w-full`}
          data-testid="ticket-subject"
        />
        {errors.subject && <span role="alert" className={ERROR_TEXT}>{t(errors.subject)}</span>}
      </label>
      <label className="flex flex-col gap-1.5">
        <span className={LABEL}>{t('ticket.category')}</span>
        <select value={category} onChange={(event) => setCategory(event.target.value as TicketCategory)} className={`${FIELD} w-full`} data-testid="ticket-category">
          {TICKET_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {t(`ticket.categories.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5">
        <span className={LABEL}>{t('ticket.message')}</span>
        <textarea
          value={message}
          rows={5}
          maxLength={TICKET_MESSAGE_MAX}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={Boolean(errors.message) || undefined}
          className={`${FIELD} h-auto w-full py-2`}
          data-testid="ticket-message"
        />
        {errors.message && <span role="alert" className={ERROR_TEXT}>{t(errors.message)}</span>}
      </label>
      <AttachmentPicker value={attachments} onChange={setAttachments} />
      <div className="flex justify-end">
        <button type="submit" className={PRIMARY_BUTTON} disabled={tickets.creating} data-testid="ticket-submit">
          {tickets.creating && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {t('ticket.submit')}
        </button>
      </div>
    </SheetForm>
  );
});
