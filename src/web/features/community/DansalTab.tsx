import { Soup } from 'lucide-react'
import { useState } from 'react'
import { isVesakOrPosonWeek } from '../../../shared/festival-weeks'
import { DistrictOptions } from '../../components/ui/DistrictOptions'
import { buttonClass, SelectField } from '../../components/ui/form'
import { districtName } from '../../lib/labels'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { useDansal } from './api'
import { EventBoard } from './EventsTab'

/**
 * Dansal: the upcoming free food stalls by date, in every district or one; in Vesak and Poson weeks it
 * opens on the stalls of the user's district, "Dansal near me"
 * (docs/decisions/0056-dansal-and-monthly-reports.md). Organisers can ask for volunteers.
 */
export function DansalTab() {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const festival = isVesakOrPosonWeek(new Date())
  const home = me?.district ?? null
  const [district, setDistrict] = useState<string | null>(festival ? home : null)

  return (
    <EventBoard
      id="dansal"
      heading={t('events.dansal.heading')}
      createLabel={t('events.dansal.create')}
      kind="dansal"
      query={useDansal(district)}
      filtersBelow
      empty={
        <div className="rounded-lg border border-dashed border-gray-300 py-12 text-center">
          <Soup className="mx-auto size-10 text-gray-400" aria-hidden />
          <p className="mt-3 text-lg font-semibold text-gray-900">{t('events.dansal.empty')}</p>
        </div>
      }
    >
      <p className="mb-4 text-gray-700">
        {festival ? t('events.dansal.festivalIntro') : t('events.dansal.intro')}
      </p>
      <div className="mb-6 flex flex-wrap items-end gap-3">
        {festival && home && (
          <button
            type="button"
            aria-pressed={district === home}
            className={buttonClass(district === home ? 'primary' : 'secondary')}
            onClick={() => setDistrict(home)}
          >
            {t('events.dansal.nearMe', { district: districtName(t, home) })}
          </button>
        )}
        <div className="w-full sm:w-64">
          <SelectField
            label={t('events.dansal.district')}
            value={district ?? ''}
            onChange={(event) => setDistrict(event.target.value || null)}
          >
            <DistrictOptions placeholder={t('events.dansal.allDistricts')} />
          </SelectField>
        </div>
      </div>
    </EventBoard>
  )
}
