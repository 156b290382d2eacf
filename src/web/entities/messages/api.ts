import type { ThreadKind } from '../../../shared/messages'
import type { Message, MessageInput, Thread } from '../../../shared/schemas/messages'
import { api } from '../../lib/api'

const PATHS = { order: 'orders', delivery: 'deliveries' } as const

const threadPath = (kind: ThreadKind, id: string) => `/api/${PATHS[kind]}/${encodeURIComponent(id)}/messages`

/** Starts with 'messages': the realtime stream refreshes it when a party writes. */
export const threadKey = (kind: ThreadKind, id: string) => ['messages', kind, id] as const

export const readThread = (kind: ThreadKind, id: string) => api<Thread>(threadPath(kind, id))

export const sendMessage = (kind: ThreadKind, id: string, body: MessageInput) =>
  api<Message>(threadPath(kind, id), { method: 'POST', body })
