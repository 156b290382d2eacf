import { ROLES, type Role } from '../shared/reference-data'
import { runWithDatabase, UsageError } from './cli'
import { removeDemo } from './db/demo-community/accounts'
import { failedDeliveryLines } from './failed-deliveries'
import { changeRole } from './features/moderation/roles'

const HELP = `Ahara operator commands

  npm run admin -- set-role <email> <role>
      Changes a user's role (${ROLES.join(', ')}). Users cannot change their own role:
      a role changes only when they ask support, and support runs this command. A moderator
      uses /moderation; give them back their former role to end it. Every change is recorded
      in the moderation audit log, by the operator.

  npm run admin -- remove-demo
      Deletes the demo community (accounts @demo.ahara.lk and everything they posted). Production
      refuses to start while a database holds demo accounts, whose password is published.

  npm run admin -- failed-deliveries      (also: mail-failures)
      Lists the deliveries that will not be tried again, newest first, with the last error:
      mails (status dead in mail_outbox; fix SMTP_URL or the address, then ask the user to try
      again), SMS (expired: the SMSC could not take them before they went stale or a day passed;
      failed: the phone's network refused them), pushes (jobs of push-send failed on their last
      try), and events a subscriber could not apply (bell, mail, push, realtime, offers; status dead
      in event_deliveries), with the event's id for a look in domain_events.
`

const [command, ...args] = process.argv.slice(2)

if (!command || command === 'help' || command === '--help') {
  console.log(HELP)
} else {
  await runWithDatabase(async (database) => {
    const { db } = database
    if (command === 'remove-demo') {
      console.log(`Removed ${await removeDemo(db)} demo accounts and everything they posted.`)
      return
    }
    if (command === 'failed-deliveries' || command === 'mail-failures') {
      const lines = await failedDeliveryLines(database)
      console.log(lines.length === 0 ? 'No failed deliveries.' : lines.join('\n'))
      return
    }
    if (command !== 'set-role') throw new UsageError(`Unknown command '${command}'.\n\n${HELP}`)
    const [email, role] = args
    if (!email || !role) throw new UsageError(`set-role needs an e-mail and a role.\n\n${HELP}`)
    if (!(ROLES as readonly string[]).includes(role)) {
      throw new UsageError(`'${role}' is not a role. Roles: ${ROLES.join(', ')}.`)
    }
    const changed = await changeRole(db, email, role as Role)
    if (!changed) throw new UsageError(`No user with the e-mail ${email}.`)
    console.log(`${changed.name} <${email}> is now a ${role}.`)
  })
}
