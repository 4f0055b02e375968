import { Camera } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { mediaRight } from '../../models/MediaItem';
import { avatarSrc, type Viewer } from '../../models/Viewer';
import { useStores } from '../../stores/StoresContext';
import '../../stores/MediaStore'; // builds root's store on first use (stores/lazyStores.ts)

/**
 * The viewer's avatar in the profile dialog; with image rights (SPEC §6) a button picks or uploads
 * an image through the media library (one at a time), which becomes the avatar.
 */
export const AvatarUpload = observer(function AvatarUpload({ viewer }: { viewer: Viewer }) {
  const { auth, media } = useStores();
  const { t } = useTranslation();
  const canUpload = mediaRight(viewer.data.gqRoles, 'image').can;

  const change = async () => {
    const [item] = await media.pick({ type: 'image', limit: 1 });
    if (item) await auth.saveAvatar(item.databaseId || item.id);
  };

  return (
    <div className="relative shrink-0">
      <img
        data-testid="profile-avatar"
        src={avatarSrc(viewer.avatarUrl, viewer.data.gqSlug || viewer.data.databaseId)}
        alt={t('common.moreInfomation.avatar')}
        className="size-14 rounded-full bg-zinc-100 object-cover ring-2 ring-white dark:ring-zinc-800"
      />
      {canUpload && (
        <button
          type="button"
          data-testid="profile-avatar-change"
          onClick={() => void change()}
          disabled={auth.isSavingProfile}
          aria-label={t('common.moreInfomation.changeAvatar')}
          title={t('common.moreInfomation.changeAvatar')}
          className="absolute -bottom-1 -right-1 grid size-7 place-items-center rounded-full bg-brand-600 text-white shadow ring-2 ring-white transition hover:bg-brand-700 disabled:opacity-60 dark:ring-zinc-900"
        >
          <Camera className="size-3.5" aria-hidden />
        </button>
      )}
    </div>
  );
});
