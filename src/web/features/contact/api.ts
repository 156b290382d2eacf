import type { ContactMessage } from '../../../shared/schemas/contact'
import { api } from '../../lib/api'

export const contactApi = {
  send: (message: ContactMessage) => api<{ id: string }>('/api/contact-messages', { body: message }),
}
