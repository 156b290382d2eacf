import { useTranslation } from '../../lib/translation'

export function PageLoading() {
  const { t } = useTranslation()
  return (
    <p className="p-8 text-center text-gray-500" role="status">
      {t('common.loading')}
    </p>
  )
}
