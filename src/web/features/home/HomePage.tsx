import {
  ArrowRight,
  HandHeart,
  Leaf,
  type LucideIcon,
  Recycle,
  Search,
  TrendingDown,
  TrendingUp,
  Truck,
  Upload,
  Users,
  Utensils,
} from 'lucide-react'
import { type ReactNode, useDeferredValue, useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import type { Home } from '../../../shared/schemas/home'
import { AuthoredText } from '../../components/ui/AuthoredText'
import { type LinkButton, LinkButtons } from '../../components/ui/LinkButtons'
import { NumberedStep } from '../../components/ui/NumberedStep'
import { useItemsArrivedLater, useScrolledNear } from '../../components/ui/RenderLater'
import { useHome } from '../../entities/listing/api'
import { Avatar, ListingCard } from '../../entities/listing/ListingCard'
import { useDocumentTitle } from '../../lib/document-title'
import { formatDate, formatNumber } from '../../lib/format'
import { dashboardPath, useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { HomeHero } from './HomeHero'
import { tokenAction } from './url-token'

type CardKey = keyof Home['impact']
const IMPACT_CARDS: { key: CardKey; icon: LucideIcon }[] = [
  { key: 'mealsShared', icon: Utensils },
  { key: 'activeUsers', icon: Users },
  { key: 'foodWasteSavedKg', icon: Recycle },
  { key: 'co2ReducedKg', icon: Leaf },
]

const STEPS: { key: string; icon: LucideIcon }[] = [
  { key: 'post', icon: Upload },
  { key: 'find', icon: Search },
  { key: 'deliver', icon: Truck },
  { key: 'share', icon: HandHeart },
]

const buttonPrimary =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800'
const buttonSecondary =
  'inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50'

export function HomePage() {
  const { t } = useTranslation()
  useDocumentTitle()
  const [, navigate] = useLocation()
  const me = useMe()
  // Built in a transition, in slices, not in the task in which the query tells of its data
  // (docs/decisions/0043-react-and-wouter.md).
  const homeData = useDeferredValue(useHome().data)
  // The latest food and the stories are two screens down on a phone: a first visit builds them when
  // the reader scrolls near, and a reader who does not scroll never pays for them; data that was in
  // the cache when the page mounted (coming back) is built at once, to restore the scroll position
  // (docs/decisions/0065-light-on-the-cheapest-phone.md, last addendum).
  const itemsArrivedLater = useItemsArrivedLater(homeData !== undefined)
  const [latestSection, scrolledNear] = useScrolledNear()
  const built = !itemsArrivedLater || scrolledNear
  const listings = built ? (homeData?.listings ?? []) : []
  const stories = built ? (homeData?.stories ?? []) : []
  const joinLinks: LinkButton[] = [
    { to: '/auth', label: t('home.join.signUp'), className: buttonPrimary },
    { to: '/auth', label: t('home.join.signIn'), className: buttonSecondary },
  ]

  // Links from e-mails may land here with a token.
  useEffect(() => {
    const action = tokenAction(window.location.search, window.location.hash)
    if (action.kind === 'recovery') navigate(action.to, { replace: true })
    else if (action.kind === 'signed-in' && me.data) {
      navigate(me.data.role ? dashboardPath(me.data.role) : '/auth', { replace: true })
    }
  }, [navigate, me.data])

  return (
    <div>
      <HomeHero>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/find-food" className={buttonPrimary}>
            <Search className="size-5" aria-hidden />
            {t('home.hero.findFood')}
          </Link>
          <Link to="/donate" className={buttonSecondary}>
            <HandHeart className="size-5" aria-hidden />
            {t('home.hero.donate')}
          </Link>
        </div>
      </HomeHero>

      <ImpactFigures impact={homeData?.impact} />

      <GreyBand id="how">
        <h2 id="how-heading" className="text-center text-2xl font-bold text-gray-900">
          {t('home.how.heading')}
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ key, icon }, index) => (
            <NumberedStep
              key={key}
              look="card"
              icon={icon}
              number={index + 1}
              title={t(`home.how.${key}.title`)}
              text={t(`home.how.${key}.text`)}
            />
          ))}
        </ol>
      </GreyBand>

      <section
        ref={latestSection}
        aria-labelledby="latest-heading"
        className="below-fold mx-auto max-w-7xl px-4 py-12"
      >
        <SectionHeading
          id="latest"
          title={t('home.latest.heading')}
          to="/find-food"
          linkText={t('home.latest.viewAll')}
        />
        {homeData && homeData.listings.length === 0 ? (
          <p className="mt-4 text-gray-700">{t('home.latest.empty')}</p>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {listings.map((listing) => (
              <li key={listing.id} className="flex min-w-0">
                <ListingCard listing={listing} showDonor>
                  <Link
                    to={`/find-food?q=${encodeURIComponent(listing.title)}`}
                    className="inline-flex flex-1 items-center justify-center rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                  >
                    {t('home.latest.view')}
                  </Link>
                </ListingCard>
              </li>
            ))}
          </ul>
        )}
      </section>

      <GreyBand id="stories">
        <SectionHeading
          id="stories"
          title={t('home.stories.heading')}
          to="/community"
          linkText={t('home.stories.viewAll')}
        />
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {stories.map((story) => (
            <li key={story.id} className="rounded-lg bg-white p-5 shadow-sm">
              <article>
                <AuthoredText
                  title={story.title}
                  text={story.body}
                  textClassName="mt-2 line-clamp-3 text-gray-700"
                />
                <div className="mt-4 flex items-center gap-2 text-sm text-gray-700">
                  <Avatar name={story.authorName} url={story.authorAvatarUrl} />
                  <span className="font-medium text-gray-900" data-user-content>
                    {story.authorName}
                  </span>
                  <span aria-hidden>·</span>
                  <time dateTime={story.createdAt}>{formatDate(story.createdAt)}</time>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </GreyBand>

      <section aria-labelledby="join-heading" className="below-fold mx-auto max-w-7xl px-4 py-14 text-center">
        <h2 id="join-heading" className="text-2xl font-bold text-gray-900 sm:text-3xl">
          {t('home.join.heading')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-gray-700">{t('home.join.text')}</p>
        <LinkButtons className="mt-6 flex flex-col justify-center gap-3 sm:flex-row" links={joinLinks} />
      </section>
    </div>
  )
}

/** The four figures of the platform's impact, each with its trend; dashes until they arrive. */
function ImpactFigures({ impact }: { impact: Home['impact'] | undefined }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="impact-heading" className="mx-auto max-w-7xl px-4 py-10">
      <h2 id="impact-heading" className="sr-only">
        {t('home.impact.heading')}
      </h2>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {IMPACT_CARDS.map(({ key, icon: Icon }) => {
          const card = impact?.[key]
          return (
            <li key={key} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
              <Icon className="size-6 text-brand-700" aria-hidden />
              <p className="mt-2 text-2xl font-bold text-gray-900">{card ? formatNumber(card.value) : '—'}</p>
              <p className="text-sm text-gray-700">{t(`home.impact.${key}`)}</p>
              {card && card.trendPercent !== null ? (
                <Trend percent={card.trendPercent} />
              ) : (
                // Until the figures arrive, an invisible trend keeps the place of the real one, wrapped
                // the same way in every language: the cards below do not jump when they come.
                <div aria-hidden className="invisible">
                  <Trend percent={0} />
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function Trend({ percent }: { percent: number }) {
  const { t } = useTranslation()
  const up = percent >= 0
  const Icon = up ? TrendingUp : TrendingDown
  return (
    <p
      className={`mt-1 flex items-center gap-1 text-xs font-medium ${up ? 'text-brand-800' : 'text-red-800'}`}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {t('home.impact.trend', { percent: `${up ? '+' : ''}${formatNumber(percent)}` })}
    </p>
  )
}

/** A section's heading (`<id>-heading`) with a link to the page that lists all of it. */
function SectionHeading({
  id,
  title,
  to,
  linkText,
}: {
  id: string
  title: string
  to: string
  linkText: string
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-gray-900">
        {title}
      </h2>
      <Link
        to={to}
        className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 hover:underline"
      >
        {linkText}
        <ArrowRight className="size-4" aria-hidden />
      </Link>
    </div>
  )
}

/** A section on a grey band across the page, its content in the page's column, labelled by `<id>-heading`. */
function GreyBand({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="below-fold bg-gray-50">
      <div className="mx-auto max-w-7xl px-4 py-12">{children}</div>
    </section>
  )
}
