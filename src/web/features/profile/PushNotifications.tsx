import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert } from '../../components/ui/form'
import {
  deviceSubscription,
  PushSubscribeError,
  pushSupported,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../../lib/push'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { profileApi } from './api'
import { ProfileSection } from './ProfileSection'

const PUSH_KEY = ['me', 'push'] as const

type DeviceState = 'unsupported' | 'serverOff' | 'denied' | 'on' | 'off'

/** What this browser and the server say about pushes to this device. */
async function readDeviceState(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported'
  const { publicKey } = await profileApi.pushPublicKey()
  if (!publicKey) return 'serverOff'
  if (Notification.permission === 'denied') return 'denied'
  const subscription = await deviceSubscription()
  if (!subscription || Notification.permission !== 'granted') return 'off'
  const { items } = await profileApi.pushDevices()
  return items.some((item) => item.endpoint === subscription.endpoint) ? 'on' : 'off'
}

const STATE_TEXT: Record<DeviceState, string> = {
  unsupported: 'profile.push.unsupported',
  serverOff: 'profile.push.serverOff',
  denied: 'profile.push.denied',
  on: 'profile.push.on',
  off: 'profile.push.off',
}

/**
 * 'Notify me on this phone': a switch that asks the browser's permission, subscribes it with the
 * server's key and stores it on the server; off removes both (docs/decisions/0034-web-push.md).
 */
export function PushNotifications() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const device = useQuery({ queryKey: PUSH_KEY, queryFn: readDeviceState })
  const [busy, setBusy] = useState<'on' | 'off' | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const state = device.data
  const switchable = state === 'on' || state === 'off'

  async function turnOn() {
    const permission = await Notification.requestPermission()
    if (permission !== 'granted') return
    const { publicKey } = await profileApi.pushPublicKey()
    if (!publicKey) return
    await subscribeThisDevice(publicKey)
  }

  async function toggle() {
    if (!switchable || busy) return
    const next = state === 'on' ? 'off' : 'on'
    setBusy(next)
    setFailure(null)
    try {
      if (next === 'on') await turnOn()
      else await unsubscribeThisDevice()
    } catch (error) {
      setFailure(
        error instanceof PushSubscribeError
          ? t('profile.push.subscribeFailed')
          : `${t('profile.push.saveFailed')} ${errorText(error)}`,
      )
    } finally {
      await queryClient.invalidateQueries({ queryKey: PUSH_KEY })
      setBusy(null)
    }
  }

  const checked = busy ? busy === 'on' : state === 'on'
  return (
    <ProfileSection
      id="push-notifications"
      title={t('profile.push.title')}
      titleEnd={
        state && (
          <button
            type="button"
            role="switch"
            aria-checked={checked}
            aria-labelledby="push-notifications-title"
            aria-describedby="push-notifications-state"
            disabled={!switchable || busy !== null}
            onClick={() => void toggle()}
            className="flex min-h-11 min-w-14 shrink-0 items-center justify-center disabled:cursor-not-allowed disabled:opacity-50"
          >
            <span
              aria-hidden
              className={`relative h-7 w-12 rounded-full transition-colors ${checked ? 'bg-brand-700' : 'bg-gray-300'}`}
            >
              <span
                className={`absolute top-0.5 left-0.5 size-6 rounded-full bg-white shadow transition-transform ${
                  checked ? 'translate-x-5' : ''
                }`}
              />
            </span>
          </button>
        )
      }
      spacing="space-y-3"
    >
      <p className="text-sm break-words text-gray-600">{t('profile.push.intro')}</p>
      <div aria-live="polite" className="space-y-2">
        {state && (
          <p
            id="push-notifications-state"
            data-testid="push-state"
            data-state={busy ? `turning-${busy}` : state}
            className={`text-sm break-words ${state === 'on' ? 'font-medium text-brand-700' : 'text-gray-800'}`}
          >
            {busy
              ? t(busy === 'on' ? 'profile.push.turningOn' : 'profile.push.turningOff')
              : t(STATE_TEXT[state])}
          </p>
        )}
        {device.isError && <Alert tone="error">{errorText(device.error)}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
    </ProfileSection>
  )
}
