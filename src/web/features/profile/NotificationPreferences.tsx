import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import {
  type EmailNotificationType,
  emailTypesFor,
  isSmsType,
  type SmsNotificationType,
} from '../../../shared/notification-preferences'
import type { Role } from '../../../shared/reference-data'
import type { NotificationPreferencesUpdate } from '../../../shared/schemas/notification-preferences'
import { Alert, choiceRow } from '../../components/ui/form'
import { withUserContent } from '../../components/ui/UserContent'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { preferencesKey, profileApi } from './api'

/** The kinds by topic, each with its label; the type makes every e-mail kind appear once. */
const GROUPS: { heading: string; kinds: Partial<Record<EmailNotificationType, string>> }[] = [
  {
    heading: 'profile.notifications.groups.orders',
    kinds: {
      claim_approved: 'profile.notifications.kinds.claim_approved',
      claim_declined: 'profile.notifications.kinds.claim_declined',
      request_accepted: 'profile.notifications.kinds.request_accepted',
      request_declined: 'profile.notifications.kinds.request_declined',
      order_not_collected: 'profile.notifications.kinds.order_not_collected',
      first_refusal_offer: 'profile.notifications.kinds.first_refusal_offer',
      message_received: 'profile.notifications.kinds.message_received',
    },
  },
  {
    heading: 'profile.notifications.groups.deliveries',
    kinds: {
      delivery_assigned: 'profile.notifications.kinds.delivery_assigned',
      delivery_picked_up: 'profile.notifications.kinds.delivery_picked_up',
      delivery_completed: 'profile.notifications.kinds.delivery_completed',
      delivery_handed_back: 'profile.notifications.kinds.delivery_handed_back',
    },
  },
  {
    heading: 'profile.notifications.groups.reminders',
    kinds: {
      pickup_reminder: 'profile.notifications.kinds.pickup_reminder',
      delivery_reminder: 'profile.notifications.kinds.delivery_reminder',
      collection_check: 'profile.notifications.kinds.collection_check',
      standing_confirm: 'profile.notifications.kinds.standing_confirm',
    },
  },
  {
    heading: 'profile.notifications.groups.events',
    kinds: {
      event_updated: 'profile.notifications.kinds.event_updated',
      event_cancelled: 'profile.notifications.kinds.event_cancelled',
      event_created: 'profile.notifications.kinds.event_created',
    },
  },
]

/** The groups with the kinds this user receives, leaving out a group with none. */
function groupsFor(role: Role, verifiedOrganisation: boolean) {
  const received = emailTypesFor(role, verifiedOrganisation)
  return GROUPS.map((group) => ({
    heading: group.heading,
    kinds: (Object.entries(group.kinds) as [EmailNotificationType, string][]).filter(([kind]) =>
      received.includes(kind),
    ),
  })).filter((group) => group.kinds.length > 0)
}

type Channel = 'email' | 'sms'
type Choice = `${Channel}:${EmailNotificationType}`

/**
 * Which notifications also come by e-mail, and by SMS to a verified number, of those the user's role
 * receives; each box saves as soon as it changes.
 */
export function NotificationPreferences({
  email,
  role,
  phoneVerified,
  verifiedOrganisation,
}: {
  email: string
  role: Role
  phoneVerified: boolean
  verifiedOrganisation: boolean
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const preferences = useQuery({ queryKey: preferencesKey, queryFn: profileApi.preferences })
  // The box shows the choice in the same render as the click (the query cache notifies a tick
  // later, and a refetch in flight would briefly undo it); a failed save puts the box back.
  const [chosen, setChosen] = useState<Partial<Record<Choice, boolean>>>({})
  const save = useMutation({
    mutationFn: (body: NotificationPreferencesUpdate) => profileApi.savePreferences(body),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  })
  const choose = (channel: Channel, kind: EmailNotificationType, checked: boolean) => {
    const key: Choice = `${channel}:${kind}`
    setChosen((current) => ({ ...current, [key]: checked }))
    save.mutate(
      { [channel]: { [kind]: checked } },
      { onError: () => setChosen((current) => ({ ...current, [key]: !checked })) },
    )
  }
  const groups = groupsFor(role, verifiedOrganisation)
  const smsGroups = groups
    .map((group) => ({
      heading: group.heading,
      kinds: group.kinds.filter((entry): entry is [SmsNotificationType, string] => isSmsType(entry[0])),
    }))
    .filter((group) => group.kinds.length > 0)

  // Each section says whether its own last choice was saved.
  const status = (channel: Channel) =>
    save.variables?.[channel] !== undefined && (
      <div aria-live="polite">
        {save.isSuccess && <p className="text-sm text-brand-700">{t('profile.notifications.saved')}</p>}
        {save.isError && (
          <Alert tone="error">
            {t('profile.notifications.saveFailed')} {errorText(save.error)}
          </Alert>
        )}
      </div>
    )

  return (
    <>
      <ChannelSection
        id="notification-preferences"
        title={t('profile.notifications.title')}
        intro={
          <p className="mt-1 text-sm break-words text-gray-600">
            {withUserContent((v) => t('profile.notifications.intro', { email: v.email }), { email })}
          </p>
        }
      >
        {preferences.isError && (
          <Alert tone="error">
            {t('profile.notifications.loadFailed')} {errorText(preferences.error)}
          </Alert>
        )}
        {preferences.data && (
          <KindBoxes
            groups={groups}
            isChecked={(kind) => chosen[`email:${kind}`] ?? preferences.data.email[kind]}
            onChange={(kind, checked) => choose('email', kind, checked)}
          />
        )}
        {status('email')}
      </ChannelSection>
      {preferences.data && smsGroups.length > 0 && (
        <ChannelSection
          id="sms-preferences"
          title={t('phone.sms.title')}
          intro={
            <>
              <p className="mt-1 text-sm text-gray-600">{t('phone.sms.intro')}</p>
              {!phoneVerified && (
                <p className="mt-1 text-sm font-medium text-gray-800">{t('phone.sms.needsVerifiedNumber')}</p>
              )}
            </>
          }
        >
          <KindBoxes
            groups={smsGroups}
            disabled={!phoneVerified}
            isChecked={(kind) => chosen[`sms:${kind}`] ?? preferences.data.sms[kind]}
            onChange={(kind, checked) => choose('sms', kind, checked)}
          />
          {status('sms')}
        </ChannelSection>
      )}
    </>
  )
}

/** One channel's section (e-mail, SMS): its title, what it says about the channel, then its boxes. */
function ChannelSection({
  id,
  title,
  intro,
  children,
}: {
  id: string
  title: string
  intro: ReactNode
  children: ReactNode
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="space-y-4 border-t border-gray-200 p-6">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {intro}
      </div>
      {children}
    </section>
  )
}

/** One channel's boxes: a fieldset per group, a box per kind, each saved as soon as it changes. */
function KindBoxes<Kind extends EmailNotificationType>({
  groups,
  disabled = false,
  isChecked,
  onChange,
}: {
  groups: { heading: string; kinds: [Kind, string][] }[]
  disabled?: boolean
  isChecked: (kind: Kind) => boolean
  onChange: (kind: Kind, checked: boolean) => void
}) {
  const { t } = useTranslation()
  return groups.map((group) => (
    <fieldset key={group.heading} className="space-y-1" disabled={disabled}>
      <legend className="text-sm font-medium text-gray-800">{t(group.heading)}</legend>
      {group.kinds.map(([kind, label]) => (
        <label key={kind} className={`${choiceRow} text-gray-800`}>
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-brand-700"
            checked={isChecked(kind)}
            onChange={(event) => onChange(kind, event.target.checked)}
          />
          <span className="min-w-0 break-words">{t(label)}</span>
        </label>
      ))}
    </fieldset>
  ))
}
