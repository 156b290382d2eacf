import { Link } from 'wouter'
import { Alert } from '../../components/ui/form'
import { PageContainer } from '../../components/ui/PageHeader'
import { useSignInHere } from '../../lib/return-path'
import { useTranslation } from '../../lib/translation'

/** Why there is no profile to show (it did not load, or sign-up is not finished), and what to do. */
export function ProfileMessage({ text, completeSignUp = false }: { text: string; completeSignUp?: boolean }) {
  const { t } = useTranslation()
  const signIn = useSignInHere()
  return (
    <PageContainer narrow>
      <Alert tone="error">{text}</Alert>
      {completeSignUp && (
        <Link to={signIn} className="mt-4 inline-block font-medium text-brand-700 underline">
          {t('auth.completeSignUp')}
        </Link>
      )}
    </PageContainer>
  )
}
