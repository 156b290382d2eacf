import { normalisePhone } from '../../../shared/sms'
import { accounts, organisations, users } from '../schema'
import type { DemoContext } from './context'
import { DEMO_USERS } from './people'

/** The demo accounts with their password, and the verified children's home. */
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
      verifiedPhone: u.phoneVerified ? normalisePhone(u.phone) : null,
      language: u.language,
      isVerified: true,
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
  }
  // The README's children's home: a verified organisation, so its monthly report and daily
  // portions work as for any verified home (docs/decisions/0054-organisations-and-their-limits.md).
  await tx.insert(organisations).values({
    userId: user('hope'),
    kind: 'childrens-home',
    name: 'Hope Children’s Home',
    registrationNumber: 'PCC/GL/2019/044',
    capacity: 40,
    contactPerson: 'Sr. Mary Perera',
    isVerified: true,
    decidedBy: user('ruwan'),
    decidedAt: ago(70),
    createdAt: ago(80),
    updatedAt: ago(70),
  })
}
