import { Download } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button, buttonClass } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'
import { DATA_PATH } from './api'
import { ProfileSection } from './ProfileSection'

const DeleteAccountDialog = lazy(() =>
  import('./DeleteAccountDialog').then((m) => ({ default: m.DeleteAccountDialog })),
)

/** "Your data" on the profile: download it all, or delete the account (docs/decisions/0039-own-data.md). */
export function MyData({ email }: { email: string }) {
  const { t } = useTranslation()
  const [deleting, setDeleting] = useState(false)
  return (
    <ProfileSection id="my-data" title={t('profile.myData.title')} spacing="space-y-4">
      <div className="space-y-2">
        <p className="text-sm break-words text-gray-600">{t('profile.myData.downloadIntro')}</p>
        {/* A plain link: the browser saves the answer as the file it names (Content-Disposition). */}
        <a href={DATA_PATH} download className={buttonClass('secondary')}>
          <Download className="size-4" aria-hidden />
          {t('profile.myData.download')}
        </a>
      </div>
      <div className="space-y-2">
        <p className="text-sm break-words text-gray-600">{t('profile.myData.deleteIntro')}</p>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          {t('profile.myData.delete')}
        </Button>
      </div>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteAccountDialog email={email} onClose={() => setDeleting(false)} />
        </Suspense>
      )}
    </ProfileSection>
  )
}
