import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LOGIN_TYPES, SOCIAL_PROVIDERS } from '../../../api/adminSettings';
import type { SettingsAdminStore } from '../../../stores/admin/SettingsAdminStore';
import { AddButton, Check, move, RowCard, TextInput, TextsInput, useFieldError } from './fields';
import { SettingsPanel } from './SettingsPanel';

/** Toggles `item` in `list`, keeping the order of `all`. */
function toggled(list: string[], all: readonly string[], item: string, on: boolean): string[] {
  return all.filter((entry) => (entry === item ? on : list.includes(entry)));
}

/** A group of checkboxes saved as one list; the server's refusal of the list shows under it. */
const CheckList = observer(function CheckList({
  path,
  legend,
  all,
  picked,
  labelOf,
  onChange,
}: {
  path: string;
  legend: string;
  all: readonly string[];
  picked: string[];
  labelOf: (item: string) => string;
  onChange: (list: string[]) => void;
}) {
  const error = useFieldError(path, true);
  return (
    <fieldset data-field={path}>
      <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {all.map((item) => (
          <Check key={item} label={labelOf(item)} checked={picked.includes(item)} onChange={(on) => onChange(toggled(picked, all, item, on))} />
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-xs text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </fieldset>
  );
});

/** The login box: sign-in types, social providers, the slides beside the form and the legal links. */
export const LoginBoxPanel = observer(function LoginBoxPanel({ store }: { store: SettingsAdminStore }) {
  const { t } = useTranslation();
  const box = store.draft!.loginBox;
  return (
    <SettingsPanel store={store} section="loginBox" hint={t('admin.settings.loginBox.hint')}>
      <CheckList
        path="value.loginType"
        legend={t('admin.settings.loginBox.loginType')}
        all={LOGIN_TYPES}
        picked={box.loginType}
        labelOf={(type) => t(`admin.settings.loginBox.type.${type}`)}
        onChange={(list) => store.edit(() => (box.loginType = list))}
      />
      <CheckList
        path="value.social"
        legend={t('admin.settings.loginBox.social')}
        all={SOCIAL_PROVIDERS}
        picked={box.social}
        labelOf={(provider) => t(`admin.settings.loginBox.provider.${provider}`)}
        onChange={(list) => store.edit(() => (box.social = list))}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          path="value.userAgreementUrl"
          label={t('admin.settings.loginBox.userAgreementUrl')}
          placeholder="/docs/terms"
          hint={t('admin.settings.urlHint')}
          value={box.userAgreementUrl}
          onChange={(v) => store.edit(() => (box.userAgreementUrl = v.trim()))}
        />
        <TextInput
          path="value.privacyPolicyUrl"
          label={t('admin.settings.loginBox.privacyPolicyUrl')}
          placeholder="/docs/privacy"
          hint={t('admin.settings.urlHint')}
          value={box.privacyPolicyUrl}
          onChange={(v) => store.edit(() => (box.privacyPolicyUrl = v.trim()))}
        />
      </div>
      <h3 className="text-sm font-semibold">{t('admin.settings.loginBox.carousel')}</h3>
      <ul className="space-y-3">
        {box.carousel.map((slide, i) => (
          <RowCard
            key={i}
            path={`value.carousel[${i}]`}
            title={t('admin.settings.loginBox.slide', { n: i + 1 })}
            index={i}
            count={box.carousel.length}
            onMove={(step) => store.edit(() => move(box.carousel, i, step))}
            onRemove={() => store.edit(() => void box.carousel.splice(i, 1))}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <TextInput path={`value.carousel[${i}].url`} label={t('admin.settings.loginBox.picture')} value={slide.url} onChange={(v) => store.edit(() => (slide.url = v.trim()))} />
              <TextInput path={`value.carousel[${i}].link`} label={t('admin.settings.loginBox.link')} value={slide.link ?? ''} onChange={(v) => store.edit(() => (slide.link = v.trim()))} />
            </div>
            <TextsInput path={`value.carousel[${i}].caption`} label={t('admin.settings.loginBox.caption')} value={slide.caption} onChange={(lang, v) => store.edit(() => ((slide.caption ??= {})[lang] = v))} />
          </RowCard>
        ))}
      </ul>
      <AddButton label={t('admin.settings.loginBox.addSlide')} onClick={() => store.edit(() => box.carousel.push({ url: '', link: '', caption: {} }))} />
    </SettingsPanel>
  );
});
