import { useTranslation } from '../../lib/translation'

export function Logo() {
  const { t } = useTranslation()
  return (
    <>
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
      {/* Tamil letters are wider: a size smaller on phones, so the brand is whole beside the header's controls. */}
      <span
        className="truncate text-lg font-bold text-brand-800 sm:text-xl max-sm:[&:lang(ta)]:text-base"
        data-brand
      >
        {t('common.appName')}
      </span>
    </>
  )
}
