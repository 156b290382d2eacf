import { displaySriLankanPhone } from '../../../shared/phone'
import { VerifiedNumber } from '../../components/ui/VerifiedNumber'
import { formatDate } from '../../lib/format'
import { districtName } from '../../lib/labels'
import { useTranslation } from '../../lib/translation'

/** Whole days since an account was made (the queues show its age). */
export const daysSince = (iso: string) =>
  Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 86_400_000))

type Account = {
  email: string
  emailVerified: boolean
  phone: string | null
  phoneVerified: boolean
  district: string | null
  location: string | null
  createdAt: string
}

/**
 * What a moderator weighs of any account waiting for a decision, as entries of the queue's list:
 * e-mail (and whether its owner proved it, docs/decisions/0057-proved-email-and-sign-in-links.md),
 * phone (and whether an SMS code proved it), district and town, and the account's age.
 */
export function AccountDetails({ account }: { account: Account }) {
  const { t } = useTranslation()
  return (
    <>
      <div className="min-w-0">
        <dt className="inline font-medium">{t('moderation.volunteers.email')} </dt>
        <dd className="inline break-all" data-user-content>
          {account.email}
        </dd>{' '}
        <span className={account.emailVerified ? 'text-primary' : 'text-muted-foreground'}>
          (
          {t(
            account.emailVerified
              ? 'moderation.volunteers.emailProved'
              : 'moderation.volunteers.emailNotProved',
          )}
          )
        </span>
      </div>
      <div>
        <dt className="inline font-medium">{t('moderation.volunteers.phone')} </dt>
        <dd className="inline" data-user-content>
          {account.phone ? displaySriLankanPhone(account.phone) : t('moderation.volunteers.noPhone')}
        </dd>{' '}
        {account.phoneVerified && <VerifiedNumber />}
      </div>
      <div>
        <dt className="inline font-medium">{t('moderation.volunteers.district')} </dt>
        <dd className="inline">
          {account.district ? districtName(t, account.district) : '—'}
          {account.location && (
            <>
              {' · '}
              <span data-user-content>{account.location}</span>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt className="inline font-medium">{t('moderation.volunteers.accountAge')} </dt>
        <dd className="inline">
          {t('moderation.volunteers.joined', {
            date: formatDate(account.createdAt),
            count: daysSince(account.createdAt),
          })}
        </dd>
      </div>
    </>
  )
}
