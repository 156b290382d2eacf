import { ExternalLink, Mail, Users } from 'lucide-react'
import { Link } from 'wouter'
import { useSiteOptions } from '../../lib/site-options'
import { useTranslation } from '../../lib/translation'
import { Logo } from './Logo'

const FOOTER_LINKS = [
  {
    headingKey: 'common.footer.platform',
    links: [
      { to: '/find-food', key: 'common.nav.findFood' },
      { to: '/donate', key: 'common.nav.donate' },
      { to: '/volunteer', key: 'common.footer.volunteer' },
      { to: '/impact', key: 'common.nav.impact' },
    ],
  },
  {
    headingKey: 'common.footer.support',
    links: [
      { to: '/help', key: 'common.footer.help' },
      { to: '/safety', key: 'common.footer.safety' },
      { to: '/guidelines', key: 'common.footer.guidelines' },
      { to: '/contact', key: 'common.footer.contact' },
    ],
  },
  {
    headingKey: 'common.footer.legal',
    links: [
      { to: '/privacy', key: 'common.footer.privacy' },
      { to: '/terms', key: 'common.footer.terms' },
    ],
  },
] as const

/** The spec's social links, each shown when its URL is configured (SOCIAL_*_URL). */
const SOCIAL_LINKS = [
  { network: 'facebook', key: 'common.footer.socialLinks.facebook' },
  { network: 'instagram', key: 'common.footer.socialLinks.instagram' },
  { network: 'twitter', key: 'common.footer.socialLinks.twitter' },
] as const

/** The look of the links to reach the team: by e-mail, in the community. */
const contactLink = 'flex min-h-11 items-center gap-1 text-sm text-gray-700 hover:text-brand-800'

export function Footer() {
  const { t } = useTranslation()
  const social = useSiteOptions().data?.social
  return (
    <footer className="below-fold mt-16 border-t border-gray-200 bg-gray-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" className="inline-flex min-h-11 items-center gap-2">
            <Logo />
          </Link>
          <p className="mt-3 text-sm text-gray-600">{t('common.footer.tagline')}</p>
          <ul className="mt-4 flex flex-wrap gap-x-4" aria-label={t('common.footer.social')}>
            <li>
              <a href="mailto:support@ahara.lk" className={contactLink}>
                <Mail className="size-4" aria-hidden />
                support@ahara.lk
              </a>
            </li>
            <li>
              <Link to="/community" className={contactLink}>
                <Users className="size-4" aria-hidden />
                {t('common.nav.community')}
              </Link>
            </li>
            {SOCIAL_LINKS.map(({ network, key }) => {
              const href = social?.[network]
              if (!href) return null
              return (
                <li key={network}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex items-center gap-1 text-sm text-gray-700 hover:text-brand-800"
                  >
                    <ExternalLink className="size-4" aria-hidden />
                    {t(key)}
                  </a>
                </li>
              )
            })}
          </ul>
        </div>
        {FOOTER_LINKS.map((group) => (
          <nav key={group.headingKey} aria-label={t(group.headingKey)}>
            <h2 className="text-sm font-semibold text-gray-900">{t(group.headingKey)}</h2>
            <ul className="mt-1">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-11 min-w-11 items-center text-sm text-gray-600 hover:text-brand-800"
                  >
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-gray-200 py-4 text-center text-xs text-gray-500">
        {t('common.footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  )
}
