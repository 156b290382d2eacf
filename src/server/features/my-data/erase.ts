/**
 * "Delete my account": the user's personal data goes at once, their open business ends, and the
 * anonymised history stays for the impact figures (docs/decisions/0039-own-data.md). Each step is
 * the owning feature's, through its service; the database steps share one transaction.
 */
import type { NewNotification } from '../../platform/domain-events'
import { recordEvents } from '../../platform/outbox'
import type { AppServices } from '../../platform/services'
import { endEventsOf } from '../community-events/service'
import { removeContactMessagesOf } from '../contact/service'
import { forgetDeliveryDetails, handBackDeliveriesOf } from '../deliveries/service'
import { withdrawListingsOf } from '../listings/service'
import { eraseMessagesOf } from '../messages/service'
import { removeNotificationsOf } from '../notifications/service'
import { endOrdersOfRequester, endOrdersOnListingsOf, forgetRequesterDetails } from '../orders/service'
import { removeOrganisationOf } from '../organisations/service'
import { removeSubscriptionsOf } from '../push/service'
import { removeSmsOf } from '../sms/service'
import { forgetStoryPhotosOf } from '../stories/service'
import { removeUploadsOf } from '../uploads/service'
import { DELETED_USER_NAME, eraseAccount } from '../users/service'

export async function deleteAccount(services: AppServices, userId: string): Promise<void> {
  const { db, storage } = services
  // Files first: a storage failure leaves the account as it was (with fewer photos), to try again.
  await removeUploadsOf(db, storage, userId)
  await removeSubscriptionsOf(db, userId)
  await db.transaction(async (tx) => {
    const notices: NewNotification[] = []
    notices.push(...(await endOrdersOfRequester(tx, userId, DELETED_USER_NAME)))
    notices.push(...(await endOrdersOnListingsOf(tx, userId, DELETED_USER_NAME)))
    await withdrawListingsOf(tx, userId)
    await forgetRequesterDetails(tx, userId)
    const handed = await handBackDeliveriesOf(tx, userId, DELETED_USER_NAME)
    notices.push(...handed.notifications)
    await forgetDeliveryDetails(tx, userId)
    notices.push(...(await endEventsOf(tx, userId)))
    await forgetStoryPhotosOf(tx, userId)
    await removeContactMessagesOf(tx, userId)
    await removeNotificationsOf(tx, userId)
    await removeOrganisationOf(tx, userId)
    await removeSmsOf(tx, userId)
    await eraseMessagesOf(tx, userId)
    await eraseAccount(tx, userId)
    const told = notices.filter((n) => n.userId !== userId)
    // The deliveries handed back are offered again by the offers subscriber (features/deliveries).
    await recordEvents(tx, {
      type: 'account.deleted',
      payload: { userId, handedBack: handed.ids },
      notices: told,
      changes: [
        { table: 'listings' },
        { table: 'deliveries' },
        { table: 'events' },
        { table: 'stories' },
        { table: 'orders', userIds: [...new Set(told.map((n) => n.userId))] },
      ],
    })
  })
}
