/**
 * A reply by SMS that is not a command becomes a message (docs/decisions/0067-messages-by-sms.md):
 * from the account on the number that is a party of the most recent open order or delivery of any
 * account on it (a family's phone: docs/decisions/0062-the-family-phone.md), in that thread; the
 * answer says which order it went to, or why it could not go.
 */

import { MAX_MESSAGE_LENGTH } from '../../../shared/messages'
import { activeSuspension } from '../../../shared/moderation'
import type { Database } from '../../db/client'
import { AppError } from '../../platform/errors'
import type { Counters } from '../../platform/limits'
import { latestOpenThreadOf, postMessage } from '../messages/service'
import type { accountsOnPhone } from '../users/service'

type Account = Awaited<ReturnType<typeof accountsOnPhone>>[number]

export type Relayed = { account: Account; key: string; params?: Record<string, string> }

/** The answer to send, or undefined when no account on the number has an open thread to write in. */
export async function relayReply(
  deps: { db: Database; limits: Counters },
  accounts: Account[],
  text: string,
  now: Date,
): Promise<Relayed | undefined> {
  const writers = accounts.filter((account) => !activeSuspension(account, now))
  const words = [...text.trim()].slice(0, MAX_MESSAGE_LENGTH).join('')
  const thread = words
    ? await latestOpenThreadOf(
        deps.db,
        writers.map((account) => account.id),
      )
    : undefined
  if (!thread) return undefined
  const parties = [thread.requesterId, thread.donorId, thread.volunteerId]
  const account = writers.find((candidate) => parties.includes(candidate.id))!
  try {
    await postMessage(deps, account, thread, { text: words }, { viaSms: true, now })
  } catch (error) {
    // Over the limits: the answer says so, as the app would.
    if (error instanceof AppError && error.statusCode === 429) return { account, key: error.message }
    throw error
  }
  return { account, key: 'sms.message.relayed', params: { title: thread.title } }
}
