import { useTranslation } from '../../lib/translation'

export function Logo() {
  const { t } = useTranslation()
  return (
    <>
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
      <span className="truncate text-xl font-bold text-brand-800">{t('common.appName')}</span>
    </>
  )
}
