import Eye from 'lucide-react/icons/eye';
import Heart from 'lucide-react/icons/heart';
import MessageSquare from 'lucide-react/icons/message-square';
import { useTranslation } from 'react-i18next';
import { abbreviate } from '../../utils/number';

/** Views, likes and comments of a piece of content, abbreviated, each named for screen readers. */
export function ContentStats({ views, likes, comments, className = '' }: { views?: number; likes: number; comments: number; className?: string }) {
  const { t } = useTranslation();
  const items = [
    ...(views === undefined ? [] : [{ key: 'views', icon: Eye, value: views, label: t('common.search.views', { count: views }) }]),
    { key: 'likes', icon: Heart, value: likes, label: t('common.search.likes', { count: likes }) },
    { key: 'comments', icon: MessageSquare, value: comments, label: t('common.search.comments', { count: comments }) },
  ];
  return (
    <ul className={`flex items-center gap-3 text-xs tabular-nums text-zinc-500 dark:text-zinc-400 ${className}`}>
      {items.map(({ key, icon: Icon, value, label }) => (
        <li key={key} data-stat={key} className="inline-flex items-center gap-1" title={label}>
          <Icon className="size-3.5" aria-hidden />
          <span aria-hidden>{abbreviate(value)}</span>
          <span className="sr-only">{label}</span>
        </li>
      ))}
    </ul>
  );
}
