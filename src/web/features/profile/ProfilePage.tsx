import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Camera } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Redirect } from 'wouter'
import { DIETS } from '../../../shared/dietary'
import { displaySriLankanPhone } from '../../../shared/phone'
import {
  MAX_REACH_KM,
  type Me,
  MIN_REACH_KM,
  type ProfileFormInput,
  type ProfileFormOutput,
  profileFormSchema,
} from '../../../shared/schemas/users'
import { EmailVerificationBanner } from '../../components/EmailVerificationBanner'
import { PageLoading } from '../../components/layout/PageLoading'
import { PlaceField } from '../../components/place'
import { placeFieldProps } from '../../components/place/form'
import { Avatar, displayName } from '../../components/ui/Avatar'
import { Choices } from '../../components/ui/Choices'
import { DistrictOptions } from '../../components/ui/DistrictOptions'
import { Alert, Button, NumberField, SelectField, TextField } from '../../components/ui/form'
import { PageContainer } from '../../components/ui/PageHeader'
import { useDocumentTitle } from '../../lib/document-title'
import { loadPageNamespaces } from '../../lib/i18n'
import { dietLabel } from '../../lib/labels'
import { usePhoneParser } from '../../lib/phone-parser'
import { useSignInHere } from '../../lib/return-path'
import { ME_QUERY_KEY, useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { uploadImage } from '../../lib/upload'
import { useErrorText } from '../../lib/use-error-text'
import { profileApi } from './api'
import { CalendarFeed } from './CalendarFeed'
import { LanguageSetting } from './LanguageSetting'
import { MyData } from './MyData'
import { NotificationPreferences } from './NotificationPreferences'

// Volunteers only: the field and its words load when a volunteer's profile shows (0071).
const VehicleField = lazy(() =>
  Promise.all([import('./VehicleField'), loadPageNamespaces('runs')]).then(([m]) => ({
    default: m.VehicleField,
  })),
)

import { PhoneVerification } from './PhoneVerification'
import { ProfileMessage } from './ProfileMessage'
import { PushNotifications } from './PushNotifications'
import { RatingSummary } from './RatingSummary'

type Editable = ProfileFormInput

/** An emptied number box is undefined (the schema's message), never NaN. */
const asWholeNumber = (value: unknown) => (value === '' || value == null ? undefined : Number(value))

export function ProfilePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('profile.title'))
  const me = useMe()
  const signIn = useSignInHere()
  if (me.isPending) return <PageLoading />
  if (me.isError) return <ProfileMessage text={t('profile.loadFailed')} />
  if (!me.data) return <Redirect to={signIn} replace />
  // A Google account that has not chosen a role yet has no profile: finish sign-up first.
  if (!me.data.role) return <ProfileMessage text={t('profile.notFound')} completeSignUp />
  return <Profile me={me.data} />
}

function toForm(me: Me): Editable {
  return {
    name: me.name,
    location: me.location ?? '',
    district: (me.district ?? '') as Editable['district'],
    phone: me.phone ? displaySriLankanPhone(me.phone) : '',
    diet: me.diet,
    homePoint: me.homePoint,
    reachKm: me.reachKm,
    vehicle: me.vehicle,
  }
}

function Profile({ me }: { me: Me }) {
  usePhoneParser()
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const photoInputId = useId()
  const [editing, setEditing] = useState(false)
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [photo, setPhoto] = useState<{ file: File; preview: string } | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const form = useForm<Editable, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toForm(me),
  })
  const { errors, isSubmitting } = form.formState

  useEffect(() => {
    if (!photo) return
    return () => URL.revokeObjectURL(photo.preview)
  }, [photo])

  function cancel() {
    form.reset(toForm(me))
    setPhoto(null)
    setEditing(false)
  }

  async function onSubmit(values: ProfileFormOutput) {
    setResult(null)
    try {
      // No phone is sent as '' (the API's empty field), not as the form's null, which the API refuses.
      let updated = await profileApi.updateMe({ ...values, phone: values.phone ?? '' })
      if (photo) {
        const upload = await uploadImage(photo.file, setProgress)
        updated = await profileApi.setPhoto(upload.url)
      }
      queryClient.setQueryData(ME_QUERY_KEY, updated)
      form.reset(toForm(updated))
      setPhoto(null)
      setEditing(false)
      setResult({ tone: 'success', text: t('profile.updated') })
    } catch (error) {
      setResult({ tone: 'error', text: `${t('profile.updateFailed')} ${errorText(error)}` })
    } finally {
      setProgress(null)
    }
  }

  const name = displayName(me, t('common.user'))
  return (
    <PageContainer narrow>
      <EmailVerificationBanner me={me} className="mb-6" />
      <div className="rounded-xl border border-gray-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center gap-4 border-b border-gray-200 p-6">
          <div className="relative">
            <Avatar name={name} url={photo?.preview ?? me.avatarUrl} size={80} />
            {editing && (
              <label
                htmlFor={photoInputId}
                className="absolute right-0 bottom-0 flex size-11 cursor-pointer items-center justify-center rounded-full bg-brand-700 text-white shadow hover:bg-brand-800"
              >
                <Camera className="size-4" aria-hidden />
                <span className="sr-only">{t('profile.changePhoto')}</span>
              </label>
            )}
            {editing && (
              <input
                id={photoInputId}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                className="sr-only"
                onChange={(event) => {
                  const file = event.target.files?.[0]
                  if (file?.type.startsWith('image/')) setPhoto({ file, preview: URL.createObjectURL(file) })
                  else if (file) setResult({ tone: 'error', text: t('profile.imagesOnly') })
                }}
              />
            )}
          </div>
          <div className="min-w-0 flex-1 basis-40">
            <h1 className="break-words text-2xl font-bold text-gray-900" data-user-content>
              {name}
            </h1>
            <p className="text-sm font-medium text-brand-700">{me.role ? t(`auth.roles.${me.role}`) : ''}</p>
            <p className="break-all text-sm text-gray-600">{me.email}</p>
            <RatingSummary userId={me.id} />
          </div>
          {!editing && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('profile.edit')}
            </Button>
          )}
        </div>
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4 p-6">
          {result && <Alert tone={result.tone}>{result.text}</Alert>}
          {progress !== null && (
            <progress
              value={progress}
              max={100}
              className="w-full"
              aria-label={t('profile.uploadingPhoto')}
            />
          )}
          <TextField
            label={t('auth.fields.name')}
            disabled={!editing}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField label={t('auth.fields.email')} value={me.email} readOnly disabled />
          <TextField
            label={t('auth.fields.location')}
            disabled={!editing}
            error={errors.location?.message}
            {...form.register('location')}
          />
          <SelectField
            label={t('auth.fields.district')}
            disabled={!editing}
            error={errors.district?.message}
            {...form.register('district')}
          >
            <DistrictOptions />
          </SelectField>
          <PlaceField
            purpose="home"
            disabled={!editing}
            {...placeFieldProps(form, { point: 'homePoint', town: 'location', district: 'district' }, null)}
          />
          {me.role === 'volunteer' && (
            <NumberField
              label={t('profile.reachKm')}
              hint={t('profile.reachKmHint')}
              disabled={!editing}
              min={MIN_REACH_KM}
              max={MAX_REACH_KM}
              error={errors.reachKm?.message}
              {...form.register('reachKm', { setValueAs: asWholeNumber })}
            />
          )}
          {me.role === 'volunteer' && (
            <Suspense fallback={null}>
              <VehicleField
                disabled={!editing}
                error={errors.vehicle?.message}
                registration={form.register('vehicle', { setValueAs: (value) => value || null })}
              />
            </Suspense>
          )}
          <Choices
            type="checkbox"
            legend={t('profile.diet')}
            layout="grid grid-cols-2 gap-2 sm:grid-cols-3"
            disabled={!editing}
            choices={DIETS.map((diet) => ({ value: diet, label: dietLabel(t, diet) }))}
            registration={form.register('diet')}
          />
          <TextField
            label={t('auth.fields.phone')}
            type="tel"
            inputMode="tel"
            disabled={!editing}
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextField
            label={t('profile.role')}
            value={me.role ? t(`auth.roles.${me.role}`) : ''}
            readOnly
            disabled
            hint={t('profile.roleHint')}
          />
          {editing && (
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={cancel} disabled={isSubmitting}>
                {t('forms.cancel')}
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? t('profile.saving') : t('forms.save')}
              </Button>
            </div>
          )}
        </form>
        <PushNotifications />
        <CalendarFeed />
        {/* A Google account that has not chosen its role yet gets no mail to choose from. */}
        <PhoneVerification me={me} />
        <LanguageSetting me={me} />
        {me.role && (
          <NotificationPreferences
            email={me.email}
            role={me.role}
            phoneVerified={me.phoneVerified}
            verifiedOrganisation={me.organisation?.state === 'verified'}
          />
        )}
        <MyData email={me.email} />
      </div>
    </PageContainer>
  )
}
