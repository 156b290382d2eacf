import { useQuery } from '@tanstack/react-query'
import type { Event } from '../../../shared/schemas/community-events'
import { Dialog } from '../../components/ui/Dialog'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { communityApi, communityKeys } from './api'

/** Who said they will come to an event, for its organiser. */
export function AttendeesDialog({
  event,
  onOpenChange,
}: {
  event: Event
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const query = useQuery({
    queryKey: [...communityKeys.events, event.id, 'attendees'],
    queryFn: ({ signal }) => communityApi.attendees(event.id, signal),
  })
  const items = query.data?.items ?? []
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t('events.attendeesDialog.title')}
      description={event.title}
    >
      {query.isPending ? (
        <p role="status" className="text-gray-600">
          {t('common.loading')}
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-red-700">
          {errorText(query.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="text-gray-600">{t('events.attendeesDialog.empty')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-gray-200 text-gray-700">
              {[
                t('events.attendeesDialog.name'),
                t('events.attendeesDialog.email'),
                t('events.attendeesDialog.role'),
              ].map((heading, column) => (
                <th
                  key={heading}
                  scope="col"
                  className={column === 2 ? 'py-2 font-semibold' : 'py-2 pr-2 font-semibold'}
                >
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((a) => (
              <tr key={a.id} className="border-b border-gray-100">
                <td className="py-2 pr-2 text-gray-900" data-user-content>
                  {a.name}
                </td>
                <td className="py-2 pr-2 break-all text-gray-700">{a.email}</td>
                <td className="py-2 text-gray-700">{a.role ? t(`community.roles.${a.role}`) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  )
}
