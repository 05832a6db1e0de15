import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/contract/languages';
import { currentLanguage, setLanguage } from '../lib/i18n';
import { useSiteConfig } from '../lib/site';
import { LightSelect } from './light/LightSelect';

/** The language switch (antd's Select once loaded: components/light/LightSelect.tsx). */
export function LanguageSelect({ style }: { style?: React.CSSProperties }) {
  const { t, i18n } = useTranslation();
  const { data: site } = useSiteConfig();
  const offered: readonly Language[] = site?.languages?.length ? site.languages : LANGUAGES;
  return (
    <LightSelect<Language>
      aria-label={t('layout.footer.language')}
      value={currentLanguage()}
      onChange={(l) => void setLanguage(l)}
      // Texts load per language (lib/i18n.ts): fetch the offered ones once the list opens, so a choice applies at once.
      onOpenChange={(open) => open && void i18n.loadLanguages([...offered])}
      prefix={<GlobalOutlined />}
      style={{ minWidth: 150, ...style }}
      options={offered.map((l) => ({ value: l, label: t(`layout.languageNames.${l}`) }))}
    />
  );
}
