import {
  Bike,
  Car,
  Clock,
  Droplets,
  Leaf,
  MapPin,
  Recycle,
  Route,
  TreePine,
  TrendingUp,
  Truck,
  Users,
  Utensils,
} from 'lucide-react'
import type { Impact } from '../../../shared/schemas/stats'
import { formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { FigureList, ImpactSection } from './Figures'

export function EnvironmentSection({ environmental }: { environmental: Impact['environmental'] }) {
  const { t } = useTranslation()
  return (
    <ImpactSection id="environment" heading={t('impact.environmental.heading')}>
      <FigureList
        className="grid grid-cols-1 gap-4 md:grid-cols-3"
        figures={[
          {
            icon: Leaf,
            label: t('impact.environmental.co2'),
            value: t('impact.kg', { value: formatNumber(environmental.co2SavedKg) }),
          },
          {
            icon: Droplets,
            label: t('impact.environmental.water'),
            value: t('impact.litres', { value: formatNumber(environmental.waterSavedLitres) }),
          },
          {
            icon: Recycle,
            label: t('impact.environmental.landfill'),
            value: t('impact.kg', { value: formatNumber(environmental.landfillWasteKg) }),
          },
        ]}
      />
      <div className="mt-4 rounded-lg bg-brand-50 p-5">
        <h3 className="font-semibold text-brand-800">{t('impact.environmental.footprintHeading')}</h3>
        <p className="mt-1 text-gray-800">
          {t('impact.environmental.footprint', { co2: formatNumber(environmental.co2SavedKg) })}
        </p>
        <ul className="mt-3 flex flex-wrap gap-x-8 gap-y-2 text-gray-800">
          <li className="flex items-center gap-2">
            <TreePine className="size-5 text-brand-700" aria-hidden />
            {t('impact.environmental.trees', { value: formatNumber(environmental.treeYears) })}
          </li>
          <li className="flex items-center gap-2">
            <Car className="size-5 text-brand-700" aria-hidden />
            {t('impact.environmental.km', { value: formatNumber(environmental.carKm) })}
          </li>
        </ul>
        <p className="mt-3 text-sm text-gray-700">{t('impact.environmental.estimateNote')}</p>
      </div>
    </ImpactSection>
  )
}

export function SocialSection({ social }: { social: Impact['social'] }) {
  const { t } = useTranslation()
  return (
    <ImpactSection id="social" heading={t('impact.social.heading')}>
      <FigureList
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
        figures={[
          { icon: Users, label: t('impact.social.people'), value: formatNumber(social.peopleReached) },
          { icon: Users, label: t('impact.social.families'), value: formatNumber(social.familiesSupported) },
          {
            icon: Utensils,
            label: t('impact.social.recipients'),
            value: formatNumber(social.recipientsServed),
          },
          { icon: MapPin, label: t('impact.social.districts'), value: formatNumber(social.districtsReached) },
        ]}
      />
      <p className="mt-3 text-sm text-gray-700">{t('impact.social.note')}</p>
    </ImpactSection>
  )
}

export function VolunteersSection({ volunteers }: { volunteers: Impact['volunteers'] }) {
  const { t } = useTranslation()
  return (
    <ImpactSection id="volunteers" heading={t('impact.volunteers.heading')}>
      <FigureList
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        figures={[
          {
            icon: Users,
            label: t('impact.volunteers.active'),
            value: formatNumber(volunteers.activeVolunteers),
          },
          {
            icon: Truck,
            label: t('impact.volunteers.deliveries'),
            value: formatNumber(volunteers.deliveriesCompleted),
          },
          {
            icon: Clock,
            label: t('impact.volunteers.hours'),
            value: t('impact.hours', { value: formatNumber(volunteers.volunteerHours) }),
          },
          {
            icon: TrendingUp,
            label: t('impact.volunteers.onTime'),
            value:
              volunteers.onTimeRate === null
                ? t('impact.volunteers.noDeliveries')
                : t('impact.percent', { value: formatNumber(volunteers.onTimeRate) }),
          },
          // Runs: several deliveries in one trip (docs/decisions/0071-volunteer-runs.md).
          {
            icon: Route,
            label: t('impact.volunteers.stopsPerRun'),
            value:
              volunteers.stopsPerRun === null
                ? t('impact.volunteers.noRuns')
                : formatNumber(volunteers.stopsPerRun),
          },
          {
            icon: Bike,
            label: t('impact.volunteers.kmPerServing'),
            value:
              volunteers.kmPerServing === null
                ? t('impact.volunteers.noRuns')
                : t('impact.volunteers.km', { value: formatNumber(volunteers.kmPerServing) }),
          },
        ]}
      />
    </ImpactSection>
  )
}
