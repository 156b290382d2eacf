import { FileDown } from 'lucide-react'
import { useState } from 'react'
import { monthKey, monthStart } from '../../../shared/impact'
import type { Me } from '../../../shared/schemas/users'
import { buttonClass, choiceRow, SelectField } from '../../components/ui/form'
import { Section } from '../../components/ui/Section'
import { formatDate } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { monthlyReportUrl, useMonthlyReportEmail } from './api'

/** The last twelve months, last month first: the ones a report can be asked for. */
function recentMonths(now: Date) {
  return Array.from({ length: 12 }, (_, i) => monthStart(now, i + 1))
}

/**
 * "Download monthly report" for a donor or a verified organisation, in their language, and the
 * choice to get it by e-mail on the 1st (docs/decisions/0056-dansal-and-monthly-reports.md).
 */
export function MonthlyReport({ me }: { me: Me }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const months = recentMonths(new Date())
  const [month, setMonth] = useState(monthKey(months[0]!))
  const email = useMonthlyReportEmail()
  return (
    <Section
      headingId="monthly-report-heading"
      title={t('dashboards.report.title')}
      className="mb-6 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-56">
          <SelectField
            label={t('dashboards.report.month')}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
          >
            {months.map((start) => (
              <option key={monthKey(start)} value={monthKey(start)}>
                {formatDate(start, { month: 'long', year: 'numeric', timeZone: 'Asia/Colombo' })}
              </option>
            ))}
          </SelectField>
        </div>
        <a href={monthlyReportUrl(month)} download className={buttonClass('primary')}>
          <FileDown className="size-4" aria-hidden />
          {t('dashboards.report.download')}
        </a>
      </div>
      <label className={`${choiceRow} mt-3 text-gray-700`}>
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-brand-700"
          checked={me.monthlyReportEmail}
          disabled={email.isPending}
          onChange={(event) => email.mutate(event.target.checked)}
        />
        <span>{t('dashboards.report.emailOptIn')}</span>
      </label>
      <p role="status" className="text-sm text-gray-700">
        {email.isSuccess && t('dashboards.report.emailOptInSaved')}
        {email.isError && errorText(email.error)}
      </p>
    </Section>
  )
}
