import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { LISTING_PHOTO_SLOT } from '../../../shared/page-data'
import { PageContainer } from '../../components/ui/PageHeader'
import { useTranslation } from '../../lib/translation'
import { PhotoViewer } from './PhotoViewer'

/**
 * The listing page's container and back link, with the listing below them (`children`). The page's
 * HTML has it with the article's photo in place, the server filling in the listing's first photo
 * (src/web/first-screens.tsx, docs/decisions/0043-react-and-wouter.md item 7).
 */
export function ListingTop({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <Link
        to="/find-food"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('listing-page.back')}
      </Link>
      {children}
    </PageContainer>
  )
}

/** The listing's article as its page's HTML has it before any script: the photo, where the page puts it. */
export function ListingArticle({ photo, children }: { photo: ReactNode; children?: ReactNode }) {
  return (
    <article
      className="mt-4 grid gap-6 md:grid-cols-2"
      aria-labelledby={children ? 'listing-title' : undefined}
    >
      {photo}
      {children}
    </article>
  )
}

/** The first screen of a listing's page: its photo is the slot the server fills (listing-page/html.ts). */
export function ListingFirstScreen() {
  return (
    <ListingTop>
      <ListingArticle
        photo={
          <PhotoViewer
            images={[LISTING_PHOTO_SLOT]}
            thumbnails={[]}
            placeholder={LISTING_PHOTO_SLOT}
            dimmed={false}
          />
        }
      />
    </ListingTop>
  )
}
