import { normalisePhone } from '../../../shared/sms'
import { createModeration } from '../../features/moderation/service'
import { addOrganisation } from '../../features/organisations/service'
import { markPhoneVerified } from '../../features/users/service'
import { decideOrganisation, decideVolunteer } from '../../features/vetting/service'
import { accounts, users } from '../schema'
import type { DemoContext } from './context'
import { DEMO_USERS } from './people'

/**
 * The demo accounts with their password, Saman's phone proved, the volunteers vetted and the
 * children's home verified by the moderator. The accounts are rows: signing up is better-auth's (a request with
 * a session), and the people joined months ago.
 */
export async function seedPeople({ tx, ago, user, passwordHash, idOf }: DemoContext): Promise<void> {
  for (const u of DEMO_USERS) {
    const id = `demo-${u.key}`
    idOf.set(u.key, id)
    await tx.insert(users).values({
      id,
      name: u.name,
      email: u.email,
      emailVerified: true,
      role: u.role,
      donorType: u.donorType ?? null,
      district: u.district,
      location: u.location,
      homeLat: u.point.lat,
      homeLng: u.point.lng,
      phone: u.phone,
      language: u.language,
      // Volunteers wait for the moderator's vetting, as at sign-up.
      isVerified: u.role !== 'volunteer',
      createdAt: ago(u.joinedDaysAgo),
      updatedAt: ago(u.joinedDaysAgo),
    })
    await tx.insert(accounts).values({
      id: `demo-account-${u.key}`,
      userId: id,
      accountId: id,
      providerId: 'credential',
      password: passwordHash,
    })
    if (u.phoneVerified) await markPhoneVerified(tx, id, normalisePhone(u.phone)!)
  }
  const moderation = createModeration(tx)
  for (const u of DEMO_USERS.filter((person) => person.role === 'volunteer')) {
    await decideVolunteer(tx, moderation, user('ruwan'), user(u.key), null)
  }
  // The README's children's home: a verified organisation, so its monthly report and daily
  // portions work as for any verified home (docs/decisions/0054-organisations-and-their-limits.md).
  await addOrganisation(tx, user('hope'), {
    kind: 'childrens-home',
    name: 'Hope Children’s Home',
    registrationNumber: 'PCC/GL/2019/044',
    capacity: 40,
    contactPerson: 'Sr. Mary Perera',
  })
  await decideOrganisation(tx, moderation, user('ruwan'), user('hope'), null)
}
