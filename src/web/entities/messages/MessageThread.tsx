import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { MAX_MESSAGE_LENGTH, QUICK_REPLIES, type ThreadKind } from '../../../shared/messages'
import type { Message } from '../../../shared/schemas/messages'
import { ReportButton } from '../../components/report/ReportButton'
import { Alert, Button, inputClass } from '../../components/ui/form'
import { formatDateTime } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { readThread, sendMessage, threadKey } from './api'

/**
 * The messages of an order or a delivery between its parties (docs/decisions/0066-messages.md):
 * one tap for a quick reply, a text box, and the others' messages as they come (the realtime stream
 * refreshes the thread). A free text is shown as text: a link in it is never an anchor.
 */
export function MessageThread({
  kind,
  id,
  cancel,
}: {
  kind: ThreadKind
  id: string
  /** Cancelling the order, offered after "Sorry, I can't come" (its requester, while it is open). */
  cancel?: { busy: boolean; run: () => void }
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [text, setText] = useState('')
  const [cantCome, setCantCome] = useState(false)
  // A page may hold an order's thread and its delivery's.
  const headingId = useId()
  const thread = useQuery({ queryKey: threadKey(kind, id), queryFn: () => readThread(kind, id) })
  const send = useMutation({
    mutationFn: (body: { text: string } | { quick: (typeof QUICK_REPLIES)[number] }) =>
      sendMessage(kind, id, body),
    onSuccess: async (_sent, body) => {
      if ('text' in body) setText('')
      else setCantCome(body.quick === 'cantCome')
      await queryClient.invalidateQueries({ queryKey: threadKey(kind, id) })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    send.mutate({ text })
  }
  const open = thread.data?.open ?? false

  return (
    <section className="mt-6" aria-labelledby={headingId} data-no-print>
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {t(kind === 'order' ? 'messages.thread.heading' : 'messages.thread.deliveryHeading')}
      </h2>
      {thread.isError && <Alert tone="error">{t('messages.thread.failed')}</Alert>}
      {thread.data && (
        <ol className="mt-3 space-y-2" aria-live="polite">
          {thread.data.items.length === 0 && (
            <li className="text-sm text-gray-600">{t('messages.thread.empty')}</li>
          )}
          {thread.data.items.map((message) => (
            <Bubble key={message.id} message={message} />
          ))}
        </ol>
      )}
      {thread.data && !open && <p className="mt-3 text-sm text-gray-700">{t('messages.thread.closed')}</p>}
      {open && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-gray-700">{t('messages.thread.quickHeading')}</h3>
          <div className="mt-2 flex flex-wrap gap-2">
            {QUICK_REPLIES.map((quick) => (
              <Button
                key={quick}
                variant="secondary"
                disabled={send.isPending}
                onClick={() => send.mutate({ quick })}
              >
                {t(`messages.quick.${quick}`)}
              </Button>
            ))}
          </div>
          <form className="mt-3 flex gap-2" onSubmit={submit}>
            <label className="min-w-0 flex-1">
              <span className="sr-only">{t('messages.thread.placeholder')}</span>
              <input
                className={inputClass}
                value={text}
                maxLength={MAX_MESSAGE_LENGTH}
                placeholder={t('messages.thread.placeholder')}
                onChange={(event) => setText(event.target.value)}
              />
            </label>
            <Button type="submit" disabled={send.isPending || text.trim() === ''}>
              {t('messages.thread.send')}
            </Button>
          </form>
          {send.isError && <Alert tone="error">{errorText(send.error)}</Alert>}
          {cantCome && cancel && (
            <div className="mt-3">
              <Alert tone="info">{t('messages.thread.cancelOffer')}</Alert>
              <Button variant="danger" className="mt-2" disabled={cancel.busy} onClick={cancel.run}>
                {t('messages.thread.cancelOrder')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  )
}

function Bubble({ message }: { message: Message }) {
  const { t } = useTranslation()
  const words = message.quick ? t(`messages.quick.${message.quick}`) : message.text
  const gone = message.hidden ? t('messages.thread.hidden') : t('messages.thread.erased')
  return (
    <li
      className={`max-w-[85%] rounded-lg px-3 py-2 break-words ${message.mine ? 'ms-auto bg-brand-50' : 'bg-gray-100'}`}
    >
      <p className="text-xs text-gray-600">
        {message.author.name} · {formatDateTime(message.createdAt)}
        {message.viaSms && ` · ${t('messages.thread.viaSms')}`}
      </p>
      <p className="text-gray-900" data-user-content>
        {words ?? <em>{gone}</em>}
      </p>
      {!message.mine && words && (
        <ReportButton target={{ type: 'message', id: message.id }} ownerId={message.author.id} />
      )}
    </li>
  )
}
