import type { ReactNode } from 'react'
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
      <Detail
        label={t('moderating.volunteers.email')}
        value={account.email}
        valueClassName="break-all"
        userContent
        after={
          <span className={account.emailVerified ? 'text-primary' : 'text-muted-foreground'}>
            (
            {t(
              account.emailVerified
                ? 'moderating.volunteers.emailProved'
                : 'moderating.volunteers.emailNotProved',
            )}
            )
          </span>
        }
      />
      <Detail
        label={t('moderating.volunteers.phone')}
        value={account.phone ? displaySriLankanPhone(account.phone) : t('moderating.volunteers.noPhone')}
        userContent
        after={account.phoneVerified && <VerifiedNumber />}
      />
      <Detail
        label={t('moderating.volunteers.district')}
        value={
          <>
            {account.district ? districtName(t, account.district) : '—'}
            {account.location && (
              <>
                {' · '}
                <span data-user-content>{account.location}</span>
              </>
            )}
          </>
        }
      />
      <Detail
        label={t('moderating.volunteers.accountAge')}
        value={t('moderating.volunteers.joined', {
          date: formatDate(account.createdAt),
          count: daysSince(account.createdAt),
        })}
      />
    </>
  )
}

/**
 * One fact of an account in a queue's list, label and value on a line; `after` follows the value
 * (whether its owner proved it), `userContent` marks a value the account wrote.
 */
export function Detail({
  label,
  value,
  valueClassName = '',
  userContent = false,
  after,
}: {
  label: string
  value: ReactNode
  valueClassName?: string
  userContent?: boolean
  after?: ReactNode
}) {
  return (
    <div className="min-w-0">
      <dt className="inline font-medium">{label} </dt>
      <dd className={`inline ${valueClassName}`} data-user-content={userContent || undefined}>
        {value}
      </dd>
      {after && <> {after}</>}
    </div>
  )
}
