import { avatarSrc } from '../../models/Viewer';

const SIZES = { sm: 'size-8', md: 'size-10', lg: 'size-12' } as const;

/** A member's round picture (the avatar endpoint draws one when they have none). */
export function UserAvatar({
  user,
  size = 'md',
  className = '',
}: {
  user: { avatar?: { url?: string }; gqSlug?: string; databaseId: string };
  size?: keyof typeof SIZES;
  className?: string;
}) {
  return (
    <img
      src={avatarSrc(user.avatar?.url, user.gqSlug || user.databaseId)}
      alt=""
      loading="lazy"
      className={`${SIZES[size]} shrink-0 rounded-full bg-zinc-100 object-cover dark:bg-zinc-800 ${className}`}
    />
  );
}
