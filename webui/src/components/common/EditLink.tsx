import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { editPath, type EditTarget } from '../Create/editing';
import { LocalizedLink } from './LocalizedLink';

/** The pencil beside an item's delete button: opens the item in the site's editor (/create?edit=). */
export function EditLink({ target }: { target: EditTarget }) {
  const { t } = useTranslation();
  const label = t(`content.edit.${target.kind}`);
  return (
    <LocalizedLink
      to={editPath(target)}
      aria-label={label}
      title={label}
      data-testid={`${target.kind}-edit`}
      className="rounded-full p-1.5 text-zinc-400 transition hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
    >
      <Pencil className="size-3.5" aria-hidden />
    </LocalizedLink>
  );
}
