import { useState } from 'react'
import { LANGUAGES } from '../../../shared/reference-data'
import type { Me } from '../../../shared/schemas/users'
import { LANGUAGE_NAMES } from '../../components/layout/LanguageSwitcher'
import { Alert, SelectField } from '../../components/ui/form'
import { isLanguage } from '../../lib/i18n'
import { useTranslation } from '../../lib/translation'
import { useChooseLanguage } from '../../lib/use-choose-language'
import { useErrorText } from '../../lib/use-error-text'

/** The language every channel speaks to the user in, the same as the app's switcher (docs/decisions/0053-the-language-people-read.md). */
export function LanguageSetting({ me }: { me: Me }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const choose = useChooseLanguage()
  const [failure, setFailure] = useState<unknown>(null)
  return (
    <div id="language" className="space-y-2 border-t border-gray-200 p-6">
      <SelectField
        label={t('phone.language.label')}
        hint={t('phone.language.hint')}
        value={me.language}
        onChange={(event) => {
          const value = event.target.value
          if (!isLanguage(value)) return
          setFailure(null)
          choose(value).catch(setFailure)
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </SelectField>
      {failure !== null && <Alert tone="error">{errorText(failure)}</Alert>}
    </div>
  )
}
