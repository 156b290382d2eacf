import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Run, RunInput } from '../../../shared/schemas/runs'
import { api } from '../../lib/api'

/** Keys start with 'runs': the realtime stream refreshes them when a run moves (lib/realtime.ts). */
const KEY = ['runs'] as const

export function useRun(id: string) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api<Run>(`/api/runs/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  })
}

/** The volunteer's runs, the newest first. */
export function useMyRuns() {
  return useQuery({
    queryKey: [...KEY, 'mine'],
    queryFn: ({ signal }) => api<{ items: Run[] }>('/api/runs?as=volunteer', { signal }),
  })
}

/** Plan a run: accepts its deliveries together (docs/decisions/0071-volunteer-runs.md). */
export function useCreateRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RunInput) => api<Run>('/api/runs', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['deliveries'] }),
  })
}
