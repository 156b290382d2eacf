import type { VolunteerPlace } from './delivery'
import type { Role } from './reference-data'

/**
 * A signed-in user; the role is null until a Google sign-up is completed. `isVerified`: a moderator
 * verified the volunteer (absent counts as not verified; docs/decisions/0038-trust-ratings-fair-use.md).
 * Their district and location say which deliveries a volunteer can reach (absent: none).
 */
export type Actor = { id: string; role: Role | null; isVerified?: boolean } & VolunteerPlace
