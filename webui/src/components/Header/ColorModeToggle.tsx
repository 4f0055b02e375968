import Monitor from 'lucide-react/icons/monitor';
import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresContext';
import { HeaderButton } from './HeaderButton';

const ICON = { light: Sun, dark: Moon, system: Monitor } as const;

/** Cycles the colour mode dark → light → system; the icon shows the current preference. */
export const ColorModeToggle = observer(function ColorModeToggle() {
  const { colorMode } = useStores();
  const { t } = useTranslation();
  const Icon = ICON[colorMode.preference];
  return (
    <HeaderButton
      label={`${t('common.colorMode.toggle')}: ${t(`common.colorMode.${colorMode.preference}`)}`}
      onClick={() => colorMode.cycle()}
      data-testid="color-mode-toggle"
      data-mode={colorMode.preference}
    >
      <Icon className="size-[1.15rem]" aria-hidden />
    </HeaderButton>
  );
});
