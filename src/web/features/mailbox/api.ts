import { api } from '../../lib/api'

export type Mail = { id: string; to: string; subject: string; text: string; createdAt: string }
export type Sms = {
  id: string
  direction: 'out' | 'in'
  phone: string
  text: string
  segments: number
  status: string
  createdAt: string
}

export const mailboxApi = {
  /** What the development server would have sent by mail and SMS. */
  read: () => api<{ mails: Mail[]; sms: Sms[] }>('/api/dev/mailbox'),
}
