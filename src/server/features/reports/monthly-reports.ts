/**
 * Monthly impact reports (docs/decisions/0056-dansal-and-monthly-reports.md): a donor's or a verified
 * organisation's month as a one-page PDF in their language, and on the 1st by e-mail for those who
 * asked, through the job queue.
 */
import { and, eq, or } from 'drizzle-orm'
import type { TFunction } from 'i18next'
import type { Actor } from '../../../shared/actor'
import { monthKey, monthStart } from '../../../shared/impact'
import { ORGANISATION_KIND_KEYS } from '../../../shared/organisations'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import type { Database } from '../../db/client'
import { organisations, users } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { badRequest, notFound } from '../../platform/errors'
import { translator } from '../../platform/i18n'
import { type Jobs, stableUuid } from '../../platform/jobs'
import { BUDGETS, type Counters } from '../../platform/limits'
import type { Mailer } from '../../platform/mail'
import { createWorkQueue } from '../../platform/work-queue'
import { type MonthlyFigures, monthlyFigures } from '../impact-figures/service'
import { verifiedOrganisation } from '../organisations/service'
import type { ReportLine } from './pdf'
import { renderReportOffThread } from './renderer'

const number = (value: number) => new Intl.NumberFormat('en-LK').format(value)

/** 'YYYY-MM' as the reader says it: the month's name in their language, then the year. */
function monthName(t: TFunction, month: string): string {
  const names = t('dashboards.report.months', { returnObjects: true }) as string[]
  const [year, index] = month.split('-').map(Number) as [number, number]
  return `${names[index - 1]} ${year}`
}

type Account = { name: string; language: string; organisation: { name: string; kind: string } | null }

/** The report's lines in the reader's language, every figure from the metrics module. */
export function reportLines(
  t: TFunction,
  account: Account,
  month: string,
  figures: MonthlyFigures,
): ReportLine[] {
  const who = account.organisation
    ? `${account.organisation.name} · ${t(ORGANISATION_KIND_KEYS[account.organisation.kind as keyof typeof ORGANISATION_KIND_KEYS])}`
    : account.name
  return [
    { kind: 'title', text: t('dashboards.report.title') },
    { kind: 'subtitle', text: `${who} · ${monthName(t, month)}` },
    {
      kind: 'figure',
      label: account.organisation
        ? t('dashboards.report.servingsReceived')
        : t('dashboards.report.servingsGiven'),
      value: number(figures.servings),
    },
    {
      kind: 'figure',
      label: t('dashboards.report.verifiedHandovers'),
      value: number(figures.verifiedHandovers),
    },
    {
      kind: 'figure',
      label: t('dashboards.report.weight'),
      value:
        figures.kg > 0
          ? t('dashboards.report.kg', { value: number(figures.kg) })
          : t('dashboards.report.notRecorded'),
    },
    {
      kind: 'figure',
      label: t('dashboards.report.co2'),
      value: t('dashboards.report.kg', { value: number(figures.co2SavedKg) }),
    },
    {
      kind: 'figure',
      label: t('dashboards.report.water'),
      value: t('dashboards.report.litres', { value: number(figures.waterSavedLitres) }),
    },
    ...(figures.standingShare === null
      ? []
      : [
          {
            kind: 'figure' as const,
            label: t('dashboards.report.standingShare'),
            value: t('dashboards.report.percent', { value: number(figures.standingShare) }),
          },
        ]),
    { kind: 'heading', text: t('dashboards.report.topCategories') },
    ...(figures.topCategories.length > 0
      ? figures.topCategories.map(
          (c): ReportLine => ({
            kind: 'item',
            text: `${t(`categories.${c.slug}`)}: ${t('dashboards.report.servings', { value: number(c.servings) })}`,
          }),
        )
      : [{ kind: 'item' as const, text: t('dashboards.report.nothingCollected') }]),
    ...(account.organisation
      ? []
      : [
          { kind: 'heading' as const, text: t('dashboards.report.organisations') },
          ...(figures.organisations.length > 0
            ? figures.organisations.map((name): ReportLine => ({ kind: 'item', text: name }))
            : [{ kind: 'item' as const, text: t('dashboards.report.noOrganisations') }]),
        ]),
    { kind: 'note', text: t('dashboards.report.formulas') },
    { kind: 'note', text: t('dashboards.report.madeOn', { date: sriLankaParts(new Date()).date }) },
  ]
}

/** The account a report is for: its name, language and verified organisation, or 404. */
async function accountOf(db: Database, userId: string): Promise<Account & { role: string | null }> {
  const [row] = await db.select().from(users).where(eq(users.id, userId))
  if (!row) throw notFound('errors.notFound')
  const organisation = await verifiedOrganisation(db, userId)
  return { name: row.name, language: row.language, role: row.role, organisation }
}

/**
 * GET /api/me/reports/YYYY-MM.pdf: the actor's month as a PDF, for a donor or a verified organisation
 * (policy 'report.monthly'); a month not yet begun is a 400.
 */
export async function monthlyReport(
  db: Database,
  counters: Counters,
  actor: Actor,
  month: string,
): Promise<Buffer> {
  const account = await accountOf(db, actor.id)
  authorize(actor, 'report.monthly', { verifiedOrganisation: account.organisation !== null })
  if (month > monthKey(new Date())) {
    throw badRequest('dashboards.errors.reportFutureMonth')
  }
  // Cached per user, month and language; asks while one renders wait for it (docs/decisions/0059-limits-before-work.md).
  const key = `${actor.id}:${month}:${account.language}`
  const cached = reportCache.get(key)
  if (cached && cached.at > Date.now() - REPORT_CACHE.ttlMs) return cached.pdf
  await counters.spend(
    `report-renders:${actor.id}`,
    BUDGETS.reportRenders,
    'dashboards.errors.tooManyReports',
  )
  const pdf = reportsAtOnce.run(() => renderMonthlyReport(db, actor.id, month)).then((report) => report.pdf)
  remember(key, pdf)
  return pdf
}

/**
 * Reports made one at a time, figures and PDF: twenty asked at once would otherwise queue their
 * figures' queries ahead of everyone else's (PGlite answers one query at a time, on this thread).
 */
const reportsAtOnce = createWorkQueue(1)

/** Reports kept, and for how long: a month's figures move little within a quarter of an hour. */
const REPORT_CACHE = { entries: 200, ttlMs: 15 * 60_000 }
const reportCache = new Map<string, { at: number; pdf: Promise<Buffer> }>()

function remember(key: string, pdf: Promise<Buffer>) {
  reportCache.delete(key)
  reportCache.set(key, { at: Date.now(), pdf })
  // A failed render is not kept: the next ask tries again.
  pdf.catch(() => {
    if (reportCache.get(key)?.pdf === pdf) reportCache.delete(key)
  })
  // The oldest goes first (a Map keeps the order of insertion).
  while (reportCache.size > REPORT_CACHE.entries) reportCache.delete(reportCache.keys().next().value!)
}

/** The name the PDF is saved and sent under. */
export const reportFilename = (month: string) => `ahara-report-${month}.pdf`

/** The account's month: its figures and the PDF in its language. */
async function renderMonthlyReport(db: Database, userId: string, month: string) {
  const account = await accountOf(db, userId)
  const figures = await monthlyFigures(db, userId, account.organisation ? 'recipient' : 'donor', month)
  const t = translator(account.language)
  const pdf = await renderReportOffThread(reportLines(t, account, month, figures), {
    title: `${t('dashboards.report.title')} ${month}`,
    language: account.language,
  })
  return { account, figures, pdf }
}

const MONTHLY_REPORT_MAIL = 'monthly-report-mail'

/**
 * On the 1st, 07:00 in Sri Lanka, each donor and verified organisation who asked gets last month's
 * report by e-mail: one job each, with ids from the account and month, so a second run sends nothing
 * twice. runNow(now) is the run of the month `now` falls in, for tests and operators.
 */
export async function scheduleMonthlyReports(
  jobs: Jobs,
  db: Database,
  mailer: Mailer,
  publicUrl: string,
): Promise<{ runNow(now?: Date): Promise<number> }> {
  await jobs.define<{ userId: string; month: string }>(MONTHLY_REPORT_MAIL, async ({ userId, month }) => {
    const report = await renderMonthlyReport(db, userId, month)
    const t = translator(report.account.language)
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
    await mailer.send(
      {
        to: row!.email,
        subject: t('mail.monthlyReport.subject', { month: monthName(t, month) }),
        text: t('mail.monthlyReport.text', {
          name: report.account.organisation?.name ?? report.account.name,
          month: monthName(t, month),
          servings: number(report.figures.servings),
          co2: number(report.figures.co2SavedKg),
          water: number(report.figures.waterSavedLitres),
          link: `${publicUrl}/api/me/reports/${month}.pdf`,
          settings: `${publicUrl}/dashboard/${report.account.role}`,
        }),
        attachment: { filename: reportFilename(month), contentType: 'application/pdf', content: report.pdf },
      },
      { id: stableUuid(MONTHLY_REPORT_MAIL, userId, month) },
    )
  })
  const runNow = async (now = new Date()) => {
    const month = monthKey(monthStart(now, 1))
    const asked = await db
      .select({ id: users.id })
      .from(users)
      .leftJoin(organisations, eq(organisations.userId, users.id))
      .where(
        and(
          eq(users.monthlyReportEmail, true),
          or(eq(users.role, 'donor'), and(eq(users.role, 'recipient'), eq(organisations.isVerified, true))),
        ),
      )
    for (const { id } of asked) {
      await jobs.enqueue(
        MONTHLY_REPORT_MAIL,
        { userId: id, month },
        { id: stableUuid(MONTHLY_REPORT_MAIL, id, month) },
      )
    }
    return asked.length
  }
  // 01:30 UTC on the 1st is 07:00 in Sri Lanka.
  await jobs.schedule('monthly-reports', '30 1 1 * *', () => runNow())
  return { runNow }
}
