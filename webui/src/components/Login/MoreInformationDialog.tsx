import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Viewer } from '../../models/Viewer';
import type { MoreInformation } from '../../stores/AuthStore';
import { useStores } from '../../stores/StoresContext';
import { Sheet } from '../Overlay/Sheet';
import { AvatarUpload } from '../User/AvatarUpload';
import { FIELD_FRAME, INPUT, PRIMARY_BUTTON } from './fields';

const GENDERS = ['male', 'female', 'other', ''] as const;

/**
 * The more-information dialog after a sign-up (updateUser). A new member cannot
 * close it by escape or a close icon: saving it is the way out.
 */
export const MoreInformationDialog = observer(function MoreInformationDialog() {
  const { auth, ui } = useStores();
  const { t } = useTranslation();
  const viewer = auth.viewer;
  if (!viewer || !auth.showMoreInformation) return null;
  const dismissible = !auth.needsMoreInformation || viewer.canCloseMoreInformation;
  return (
    <Sheet
      open
      onOpenChange={(open) => !open && auth.closeMoreInformation()}
      title={t('common.moreInfomation.title')}
      description={t('common.moreInfomation.subtitle')}
      dismissible={dismissible}
      side={ui.isMobile ? 'bottom' : 'center'}
    >
      <MoreInformationForm viewer={viewer} />
    </Sheet>
  );
});

function initialFields(viewer: Viewer): MoreInformation {
  const profile = viewer.data.profile ?? {};
  return {
    name: viewer.name ?? '',
    description: viewer.data.description ?? '',
    gender: profile.gender ?? '',
    birthday: profile.birthday ?? '',
    location: profile.location ?? '',
    website: profile.website ?? '',
  };
}

const MoreInformationForm = observer(function MoreInformationForm({ viewer }: { viewer: Viewer }) {
  const { auth } = useStores();
  const { t } = useTranslation();
  const [fields, setFields] = useState<MoreInformation>(() => initialFields(viewer));
  const set = (name: keyof MoreInformation) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const today = new Date().toISOString().slice(0, 10);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void auth.saveMoreInformation({ ...fields, name: fields.name.trim(), website: fields.website.trim() });
      }}
      className="space-y-4 p-5"
    >
      <div className="flex items-center gap-3">
        <AvatarUpload viewer={viewer} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('common.moreInfomation.subtitle')}</p>
      </div>
      <Field label={t('common.moreInfomation.name')}>
        {(id) => (
          <input id={id} value={fields.name} maxLength={40} required autoComplete="nickname" onChange={(e) => set('name')(e.target.value)} className={INPUT} />
        )}
      </Field>
      <Field label={t('common.moreInfomation.description')} tall>
        {(id) => (
          <textarea
            id={id}
            value={fields.description}
            maxLength={200}
            rows={3}
            placeholder={t('common.moreInfomation.descriptionPlaceholder')}
            onChange={(e) => set('description')(e.target.value)}
            className={`${INPUT} resize-none py-2.5`}
          />
        )}
      </Field>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">{t('common.moreInfomation.gender')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {GENDERS.map((gender) => (
            <label
              key={gender || 'unset'}
              className="flex h-10 cursor-pointer items-center justify-center rounded-xl bg-zinc-100/80 px-2 text-sm ring-1 ring-inset ring-transparent has-[:checked]:bg-brand-50 has-[:checked]:font-medium has-[:checked]:text-brand-800 has-[:checked]:ring-brand-500 has-[:focus-visible]:ring-2 dark:bg-zinc-800/70 dark:has-[:checked]:bg-brand-400/10 dark:has-[:checked]:text-brand-300"
            >
              <input type="radio" name="gender" value={gender} checked={fields.gender === gender} onChange={() => set('gender')(gender)} className="sr-only" />
              {t(`common.moreInfomation.genders.${gender || 'unset'}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('common.moreInfomation.birthday')}>
          {(id) => <input id={id} type="date" min="1900-01-01" max={today} value={fields.birthday} onChange={(e) => set('birthday')(e.target.value)} className={INPUT} />}
        </Field>
        <Field label={t('common.moreInfomation.location')}>
          {(id) => <input id={id} value={fields.location} maxLength={100} autoComplete="address-level2" onChange={(e) => set('location')(e.target.value)} className={INPUT} />}
        </Field>
      </div>
      <Field label={t('common.moreInfomation.website')}>
        {(id) => (
          <input id={id} type="url" inputMode="url" placeholder="https://" value={fields.website} onChange={(e) => set('website')(e.target.value)} className={INPUT} />
        )}
      </Field>
      <button type="submit" className={PRIMARY_BUTTON} disabled={auth.isSavingProfile}>
        {auth.isSavingProfile ? t('common.moreInfomation.saving') : t('common.moreInfomation.save')}
      </button>
    </form>
  );
});

function Field({ label, tall = false, children }: { label: string; tall?: boolean; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <div className={`${FIELD_FRAME} ${tall ? 'h-auto' : ''}`}>{children(id)}</div>
    </div>
  );
}
