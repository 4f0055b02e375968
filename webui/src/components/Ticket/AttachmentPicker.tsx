import { ImagePlus, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { TICKET_ATTACHMENTS_MAX } from '../../models/account';
import { useStores } from '../../stores/StoresContext';
import '../../stores/MediaStore'; // builds root's store on first use (stores/lazyStores.ts)

/** A ticket message's attachments: images picked from the media library (upload or library), at most 4. */
export const AttachmentPicker = observer(function AttachmentPicker({ value, onChange }: { value: string[]; onChange(urls: string[]): void }) {
  const { media } = useStores();
  const { t } = useTranslation();
  const room = TICKET_ATTACHMENTS_MAX - value.length;
  const pick = async () => {
    const items = await media.pick({ type: 'image', limit: Math.max(1, room) });
    const urls = items.map((item) => item.sourceUrl).filter(Boolean);
    if (urls.length > 0) onChange([...value, ...urls.filter((url) => !value.includes(url))].slice(0, TICKET_ATTACHMENTS_MAX));
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="ticket-attachments">
      {value.map((url) => (
        <span key={url} className="relative">
          <img src={url} alt="" className="size-14 rounded-lg object-cover ring-1 ring-zinc-900/10 dark:ring-white/10" />
          <button
            type="button"
            onClick={() => onChange(value.filter((held) => held !== url))}
            aria-label={t('ticket.removeAttachment')}
            className="absolute -right-1.5 -top-1.5 grid size-5 place-items-center rounded-full bg-zinc-900 text-white dark:bg-white dark:text-zinc-900"
          >
            <X className="size-3" aria-hidden />
          </button>
        </span>
      ))}
      {room > 0 && (
        <button
          type="button"
          onClick={() => void pick()}
          className="flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-xs font-medium text-zinc-600 ring-1 ring-zinc-200 hover:bg-zinc-100 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800"
        >
          <ImagePlus className="size-4" aria-hidden />
          {t('ticket.attach')}
        </button>
      )}
    </div>
  );
});
