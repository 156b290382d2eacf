import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Heart, Plus } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { STORY_CATEGORIES, type StoryCategory } from '../../../shared/reference-data'
import type { Story } from '../../../shared/schemas/stories'
import { ReportButton } from '../../components/report/ReportButton'
import { AuthoredText } from '../../components/ui/AuthoredText'
import { Avatar } from '../../components/ui/Avatar'
import { ChoiceButtons } from '../../components/ui/ChoiceButtons'
import { EditButton } from '../../components/ui/EditButton'
import { buttonClass } from '../../components/ui/form'
import { TitleAndDetail } from '../../components/ui/TitleAndDetail'
import { formatDate, formatNumber } from '../../lib/format'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { communityApi, communityKeys, useStories } from './api'
import { CardGrid } from './CardGrid'
import { TabSection } from './TabSection'

// The form (react-hook-form and zod) loads only when it is opened.
const StoryFormDialog = lazy(() => import('./StoryFormDialog').then((m) => ({ default: m.StoryFormDialog })))

const FILTERS = ['all', ...STORY_CATEGORIES] as const

export function StoriesTab() {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const [category, setCategory] = useState<StoryCategory | 'all'>('all')
  const [editing, setEditing] = useState<Story | 'new' | null>(null)
  const query = useStories(category)

  return (
    <TabSection
      id="stories"
      heading={t('stories.heading')}
      filtersBelow
      action={
        me && (
          <button type="button" className={buttonClass('primary')} onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden />
            {t('stories.share')}
          </button>
        )
      }
    >
      <ChoiceButtons
        legend={t('stories.filterLabel')}
        choices={FILTERS}
        value={category}
        onChange={setCategory}
        labelOf={(value) => (value === 'all' ? t('stories.all') : t(`stories.categories.${value}`))}
        className="mb-6 flex flex-wrap gap-2"
        buttonClassName="min-h-11 rounded-full px-4 py-1.5 text-sm font-medium"
        pressedClassName="bg-brand-700 text-white"
        idleClassName="bg-gray-100 text-gray-800 hover:bg-gray-200"
      />

      <CardGrid
        query={query}
        loading={t('stories.loading')}
        empty={<p className="py-8 text-center text-gray-600">{t('stories.empty')}</p>}
        renderCard={(story) => (
          <StoryCard story={story} signedIn={Boolean(me)} onEdit={() => setEditing(story)} />
        )}
      />
      {editing && (
        <Suspense fallback={null}>
          <StoryFormDialog
            story={editing === 'new' ? null : editing}
            open
            onOpenChange={(open) => !open && setEditing(null)}
          />
        </Suspense>
      )}
    </TabSection>
  )
}

function StoryCard({ story, signedIn, onEdit }: { story: Story; signedIn: boolean; onEdit: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [state, setState] = useState({ likes: story.likes, liked: story.liked })
  const [error, setError] = useState<string | null>(null)
  // The list refetches after a change; keep the card in step with it.
  const [seen, setSeen] = useState(story)
  if (seen !== story) {
    setSeen(story)
    setState({ likes: story.likes, liked: story.liked })
  }

  const like = useMutation({
    mutationFn: (liked: boolean) => communityApi.like(story.id, liked),
    onMutate: (liked) => {
      setError(null)
      setState((s) => ({ liked, likes: Math.max(0, s.likes + (liked ? 1 : -1)) }))
    },
    onSuccess: (result) => {
      setState(result)
      void queryClient.invalidateQueries({ queryKey: communityKeys.allStories })
    },
    onError: (err) => {
      setState({ likes: story.likes, liked: story.liked })
      setError(errorText(err))
    },
  })

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      {story.imageUrl && (
        <img src={story.imageUrl} alt="" loading="lazy" className="h-44 w-full object-cover" />
      )}
      <div className="flex flex-1 flex-col p-4">
        <span className="mb-2 self-start rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          {t(`stories.categories.${story.category}`)}
        </span>
        <AuthoredText
          title={story.title}
          text={story.body}
          textClassName="mt-2 flex-1 whitespace-pre-line text-sm text-gray-700"
        />
        <div className="mt-4 flex items-center gap-2">
          <Avatar name={story.author.name} url={story.author.avatarUrl} size={32} />
          <TitleAndDetail
            title={story.author.name}
            detail={formatDate(story.createdAt)}
            className="min-w-0 text-sm"
            titleClassName="truncate font-medium text-gray-900"
            detailClassName="text-gray-600"
          />
        </div>
        <div className="mt-4 flex items-center justify-between gap-2 border-t border-gray-100 pt-3">
          <button
            type="button"
            aria-pressed={state.liked}
            aria-label={t('stories.likeLabel', { count: state.likes, formatted: formatNumber(state.likes) })}
            disabled={!signedIn || like.isPending}
            title={signedIn ? undefined : t('stories.signInToLike')}
            onClick={() => like.mutate(!state.liked)}
            className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium disabled:cursor-not-allowed ${
              state.liked ? 'text-red-700' : 'text-gray-700 hover:bg-gray-100'
            }`}
          >
            <Heart className={`size-5 ${state.liked ? 'fill-current' : ''}`} aria-hidden />
            <span>{formatNumber(state.likes)}</span>
          </button>
          {story.isAuthor && (
            <EditButton
              onClick={onEdit}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-gray-700 hover:bg-gray-100"
            >
              {t('stories.edit')}
            </EditButton>
          )}
          <ReportButton target={{ type: 'story', id: story.id }} ownerId={story.author.id} />
        </div>
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </article>
  )
}
