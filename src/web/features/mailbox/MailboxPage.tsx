import { useQuery } from '@tanstack/react-query'
import { PageLoading } from '../../components/layout/PageLoading'
import { Alert } from '../../components/ui/form'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { formatDateTime } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { mailboxApi } from './api'

/** Links inside a plain-text mail become clickable, so a local user can open a reset link. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g)
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all font-medium text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  )
}

/** Development mailbox: what the app would have e-mailed when no SMTP server is configured, and its SMS beside. */
export function MailboxPage() {
  const { t } = useTranslation()
  const mails = useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: mailboxApi.read,
    refetchInterval: 5000,
  })
  return (
    <PageContainer narrow>
      <PageHeader title={t('mailbox.title')} subtitle={t('mailbox.subtitle')} />
      {mails.isPending && <PageLoading />}
      {mails.isError && <Alert tone="error">{t('mailbox.unavailable')}</Alert>}
      {mails.data?.mails.length === 0 && <p className="text-gray-600">{t('mailbox.empty')}</p>}
      <ul className="space-y-4">
        {mails.data?.mails.map((mail) => (
          <li key={mail.id} className="rounded-lg border border-gray-200 p-4">
            <p className="text-sm text-gray-500">
              {t('mailbox.to', { to: mail.to })} · {formatDateTime(mail.createdAt)}
            </p>
            <h2 className="mt-1 font-semibold text-gray-900">{mail.subject}</h2>
            <p className="mt-2 text-sm whitespace-pre-wrap text-gray-800">
              <Linkified text={mail.text} />
            </p>
          </li>
        ))}
      </ul>
      {mails.data && mails.data.sms.length > 0 && (
        <section aria-labelledby="dev-sms-title" className="mt-8">
          <h2 id="dev-sms-title" className="text-lg font-semibold text-gray-900">
            {t('mailbox.sms.title')}
          </h2>
          <ul className="mt-3 space-y-3">
            {mails.data.sms.map((sms) => (
              <li key={sms.id} className="rounded-lg border border-gray-200 p-4">
                <p className="text-sm text-gray-500">
                  {sms.direction === 'out'
                    ? t('mailbox.sms.to', { phone: sms.phone, count: sms.segments })
                    : t('mailbox.sms.from', { phone: sms.phone })}{' '}
                  · {formatDateTime(sms.createdAt)}
                </p>
                <p className="mt-2 text-sm whitespace-pre-wrap text-gray-800">{sms.text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </PageContainer>
  )
}
