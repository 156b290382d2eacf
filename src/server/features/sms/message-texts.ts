/**
 * A party's message as an SMS (docs/decisions/0067-messages-by-sms.md): "Ahara - Nimal: I'm here
 * (reply to answer)", a quick reply in the reader's language, a free text as written; the words are
 * cut, never the sender's name nor the "reply to answer", so that it fits two segments.
 */
import { fitSegments, MAX_NOTICE_SEGMENTS, smsSegments } from '../../../shared/sms'
import type { DomainEventPayloads } from '../../platform/domain-events'
import { translator } from '../../platform/i18n'
import { firstName } from '../users/service'

export function renderMessageSms(
  message: DomainEventPayloads['message.sent'],
  language: string,
  addressed: (text: string) => string,
): string {
  const t = translator(language)
  const words = message.quick ? t(`messages.quick.${message.quick}`) : (message.text ?? '')
  const suffix = t('sms.message.replyToAnswer')
  const render = (text: string) =>
    addressed(t('sms.message.message', { name: firstName(message.authorName), text }) + suffix)
  const fits = (text: string) => smsSegments(render(text)).parts.length <= MAX_NOTICE_SEGMENTS
  if (fits(words)) return render(words)
  const chars = [...words]
  for (let length = chars.length - 1; length > 0; length--) {
    const cut = `${chars.slice(0, length).join('').trimEnd()}...`
    if (fits(cut)) return render(cut)
  }
  return fitSegments(render(''), MAX_NOTICE_SEGMENTS)
}
