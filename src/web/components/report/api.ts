import type { ReportInput } from '../../../shared/schemas/moderation'
import { api } from '../../lib/api'

export const reportApi = {
  send: (input: ReportInput) => api<{ id: string }>('/api/reports', { body: input }),
}
