import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { LeaderboardPeriod } from '../../../shared/impact'
import type { StoryCategory } from '../../../shared/reference-data'
import type { Attendee, Event, EventList } from '../../../shared/schemas/community-events'
import type { Leaderboard, VolunteerList } from '../../../shared/schemas/stats'
import type { StoryLike, StoryList } from '../../../shared/schemas/stories'
import { api } from '../../lib/api'

/**
 * TanStack Query keys of the community page. Invalidate the first element to refresh a whole list
 * (the realtime stream will map table changes to them): events -> ['events'], stories -> ['stories'],
 * volunteers and leaderboard -> ['community'].
 */
export const communityKeys = {
  events: ['events'] as const,
  stories: (category: StoryCategory | 'all') => ['stories', category] as const,
  allStories: ['stories'] as const,
  volunteers: ['community', 'volunteers'] as const,
  leaderboard: (period: LeaderboardPeriod) => ['community', 'leaderboard', period] as const,
}

function nextPage(last: { page: number; hasMore: boolean }) {
  return last.hasMore ? last.page + 1 : undefined
}

export function useEvents() {
  return useInfiniteQuery({
    queryKey: communityKeys.events,
    queryFn: ({ pageParam, signal }) => api<EventList>(`/api/events?page=${pageParam}&size=12`, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  })
}

/** Upcoming dansal stalls, soonest first; of one district for "Dansal near me". */
export function useDansal(district: string | null) {
  return useInfiniteQuery({
    queryKey: [...communityKeys.events, 'dansal', district ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      api<EventList>(
        `/api/events?kind=dansal${district ? `&district=${encodeURIComponent(district)}` : ''}&page=${pageParam}&size=12`,
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  })
}

export function useStories(category: StoryCategory | 'all') {
  return useInfiniteQuery({
    queryKey: communityKeys.stories(category),
    queryFn: ({ pageParam, signal }) =>
      api<StoryList>(`/api/stories?category=${category}&page=${pageParam}&size=12`, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  })
}

export function useVolunteers() {
  return useInfiniteQuery({
    queryKey: communityKeys.volunteers,
    queryFn: ({ pageParam, signal }) =>
      api<VolunteerList>(`/api/community/volunteers?page=${pageParam}&size=24`, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  })
}

export function useLeaderboard(period: LeaderboardPeriod) {
  return useQuery({
    queryKey: communityKeys.leaderboard(period),
    queryFn: ({ signal }) => api<Leaderboard>(`/api/community/leaderboard?period=${period}`, { signal }),
  })
}

/** The community page's writes: saving an event or a story, attendance, cancelling, likes. */
export const communityApi = {
  /** Creates (no id) or edits the event or story; the server parses the raw form values. */
  save: (resource: 'events' | 'stories', id: string | undefined, values: unknown) =>
    id
      ? api(`/api/${resource}/${id}`, { method: 'PUT', body: values })
      : api(`/api/${resource}`, { method: 'POST', body: values }),
  attend: (eventId: string, join: boolean) =>
    api<Event>(`/api/events/${eventId}/attendance`, { method: join ? 'POST' : 'DELETE' }),
  cancelEvent: (eventId: string) => api<null>(`/api/events/${eventId}`, { method: 'DELETE' }),
  attendees: (eventId: string, signal?: AbortSignal) =>
    api<{ items: Attendee[] }>(`/api/events/${eventId}/attendees`, { signal }),
  like: (storyId: string, liked: boolean) =>
    api<StoryLike>(`/api/stories/${storyId}/like`, { method: liked ? 'PUT' : 'DELETE' }),
}
