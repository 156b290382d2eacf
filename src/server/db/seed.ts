import { hashPassword } from 'better-auth/crypto'
import { count, eq, sql } from 'drizzle-orm'
import { deliveryFee } from '../../shared/delivery'
import type { Point } from '../../shared/geo'
import { drawPickupCode } from '../../shared/pickup-code'
import { ALL_SAFETY_CHECKS_TICKED, type FoodCategorySlug, type Language } from '../../shared/reference-data'
import { normalisePhone } from '../../shared/sms'
import { addMinutesToTime, sriLankaInstant, sriLankaParts } from '../../shared/sri-lanka-time'
import { searchKey } from '../../shared/transliteration'
import type { Database } from './client'
import {
  accounts,
  categories,
  claims,
  deliveries,
  eventAttendees,
  events,
  foodRequests,
  listings,
  organisations,
  ratings,
  stories,
  storyLikes,
  users,
} from './schema'

export const DEMO_PASSWORD = 'ahara-demo-2026'
const DEMO_MARKER_EMAIL = 'nimal@demo.ahara.lk'

/** Demo accounts live under this domain; production refuses to start while any can sign in. */
const DEMO_EMAIL_DOMAIN = '@demo.ahara.lk'

const isDemoEmail = sql`lower(${users.email}) like ${`%${DEMO_EMAIL_DOMAIN}`}`

/** How many demo accounts (with the published password) this database holds. */
export async function countDemoAccounts(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(isDemoEmail)
  return row?.n ?? 0
}

/** Deletes the demo community: its accounts and, through their foreign keys, everything they made. */
export async function removeDemo(db: Database): Promise<number> {
  const removed = await db.delete(users).where(isDemoEmail).returning({ id: users.id })
  return removed.length
}

type DemoUser = {
  key: string
  name: string
  email: string
  role: 'donor' | 'recipient' | 'volunteer' | 'moderator'
  donorType?: 'home' | 'restaurant' | 'bakery' | 'hotel' | 'business'
  district: string
  location: string
  /** Where they live, roughly (their home point), and where a donor's food is collected. */
  point: Point
  phone: string
  /** Proved by an SMS code: the demo's SMS (approvals, reminders) show in the dev mailbox. */
  phoneVerified?: boolean
  joinedDaysAgo: number
  /**
   * The language the person reads (bell, e-mail, SMS), not chosen: signing in on a phone in another
   * language keeps that one (docs/decisions/0064-the-reader-language-wins.md).
   */
  language: Language
}

/** Saman's home, where the demo's deliveries go. */
const MARADANA: Point = { lat: 6.928512, lng: 79.864367 }

const DEMO_USERS: DemoUser[] = [
  {
    key: 'nimal',
    name: 'Nimal Perera',
    email: DEMO_MARKER_EMAIL,
    role: 'donor',
    donorType: 'home',
    district: 'Colombo',
    location: 'Dehiwala, Colombo',
    point: { lat: 6.851183, lng: 79.865921 },
    phone: '0771234501',
    language: 'si',
    joinedDaysAgo: 200,
  },
  {
    key: 'spice',
    name: 'Kandy Spice Restaurant',
    email: 'kandyspice@demo.ahara.lk',
    role: 'donor',
    donorType: 'restaurant',
    district: 'Kandy',
    location: 'Peradeniya Road, Kandy',
    point: { lat: 7.284617, lng: 80.626483 },
    phone: '0812234502',
    language: 'en',
    joinedDaysAgo: 170,
  },
  {
    key: 'bakery',
    name: 'Galle Fort Bakery',
    email: 'gallebakery@demo.ahara.lk',
    role: 'donor',
    donorType: 'bakery',
    district: 'Galle',
    location: 'Church Street, Galle',
    point: { lat: 6.026514, lng: 80.216872 },
    phone: '0912234503',
    language: 'en',
    joinedDaysAgo: 150,
  },
  {
    key: 'hotel',
    name: 'Harbour View Hotel',
    email: 'harbourview@demo.ahara.lk',
    role: 'donor',
    donorType: 'hotel',
    district: 'Colombo',
    location: 'Galle Face, Colombo',
    point: { lat: 6.932846, lng: 79.844127 },
    phone: '0112234504',
    language: 'en',
    joinedDaysAgo: 120,
  },
  {
    key: 'tharshini',
    name: 'Tharshini Sivakumar',
    email: 'tharshini@demo.ahara.lk',
    role: 'donor',
    donorType: 'home',
    district: 'Jaffna',
    location: 'Nallur, Jaffna',
    point: { lat: 9.674391, lng: 80.029674 },
    phone: '0212234505',
    language: 'ta',
    joinedDaysAgo: 90,
  },
  {
    key: 'saman',
    name: 'Saman Kumara',
    email: 'saman@demo.ahara.lk',
    role: 'recipient',
    district: 'Colombo',
    location: 'Maradana, Colombo',
    point: MARADANA,
    phone: '0771234506',
    phoneVerified: true,
    language: 'si',
    joinedDaysAgo: 160,
  },
  {
    key: 'fathima',
    name: 'Fathima Rizwan',
    email: 'fathima@demo.ahara.lk',
    role: 'recipient',
    district: 'Kandy',
    location: 'Katugastota, Kandy',
    point: { lat: 7.318273, lng: 80.621946 },
    phone: '0771234507',
    language: 'en',
    joinedDaysAgo: 110,
  },
  {
    key: 'hope',
    name: 'Hope Children’s Home',
    email: 'hopehome@demo.ahara.lk',
    role: 'recipient',
    district: 'Galle',
    location: 'Karapitiya, Galle',
    point: { lat: 6.061438, lng: 80.227519 },
    phone: '0912234508',
    language: 'en',
    joinedDaysAgo: 80,
  },
  {
    key: 'kasun',
    name: 'Kasun Jayasinghe',
    email: 'kasun@demo.ahara.lk',
    role: 'volunteer',
    district: 'Colombo',
    location: 'Borella, Colombo',
    point: { lat: 6.914726, lng: 79.877341 },
    phone: '0771234509',
    language: 'si',
    joinedDaysAgo: 180,
  },
  {
    key: 'priya',
    name: 'Priya Nadarajah',
    email: 'priya@demo.ahara.lk',
    role: 'volunteer',
    district: 'Kandy',
    location: 'Kandy',
    point: { lat: 7.293147, lng: 80.635268 },
    phone: '0771234510',
    language: 'ta',
    joinedDaysAgo: 100,
  },
  {
    key: 'dilani',
    name: 'Dilani Fernando',
    email: 'dilani@demo.ahara.lk',
    role: 'volunteer',
    district: 'Galle',
    location: 'Unawatuna, Galle',
    point: { lat: 6.009763, lng: 80.249182 },
    phone: '0771234511',
    language: 'si',
    joinedDaysAgo: 60,
  },
  {
    key: 'ruwan',
    name: 'Ruwan Wijesinghe',
    email: 'moderator@demo.ahara.lk',
    role: 'moderator',
    district: 'Colombo',
    location: 'Nugegoda, Colombo',
    point: { lat: 6.872918, lng: 79.888763 },
    phone: '0771234512',
    language: 'en',
    joinedDaysAgo: 300,
  },
]

/** A Sri Lankan wall-clock moment: days after the listing's base day (see seedDemo) and 'HH:MM'. */
type WallClock = { day: number; at: string }

type DemoListing = {
  donor: string
  category: FoodCategorySlug
  title: string
  description: string
  servings: number
  price: number
  /** Start of the one-hour pickup window. */
  pickup: WallClock
  expires: WallClock
  createdDaysAgo: number
  status?: 'available' | 'claimed' | 'completed' | 'expired'
  allergens?: string[]
}

const DEMO_LISTINGS: DemoListing[] = [
  {
    donor: 'spice',
    category: 'rice-curry',
    title: 'Chicken rice and curry packets',
    description: 'Lunch packets with chicken curry, dhal, mallung and papadam. Cooked this morning.',
    servings: 20,
    price: 0,
    pickup: { day: 0, at: '12:00' },
    expires: { day: 0, at: '16:00' },
    createdDaysAgo: 0,
  },
  {
    donor: 'spice',
    category: 'prepared-meals',
    title: 'Vegetable kottu',
    description: 'Freshly made vegetable kottu from tonight’s service, packed in boxes.',
    servings: 12,
    price: 150,
    pickup: { day: 0, at: '17:00' },
    expires: { day: 0, at: '18:30' },
    createdDaysAgo: 0,
  },
  {
    donor: 'spice',
    category: 'short-eats',
    title: 'Fish buns and rolls',
    description: 'Assorted short eats: fish buns, vegetable rolls and cutlets.',
    servings: 30,
    price: 40,
    pickup: { day: 0, at: '15:00' },
    expires: { day: 0, at: '20:00' },
    createdDaysAgo: 0,
    allergens: ['gluten', 'fish', 'eggs'],
  },
  {
    donor: 'bakery',
    category: 'bakery',
    title: 'Fresh bread loaves',
    description: 'Sandwich bread and tea buns baked this morning. Best eaten today.',
    servings: 25,
    price: 0,
    pickup: { day: 0, at: '11:00' },
    expires: { day: 1, at: '11:00' },
    createdDaysAgo: 0,
    allergens: ['gluten'],
  },
  {
    donor: 'bakery',
    category: 'bakery',
    title: 'Butter cake slices',
    description: 'Butter cake and chocolate cake slices, individually wrapped.',
    servings: 18,
    price: 60,
    pickup: { day: 0, at: '16:00' },
    expires: { day: 1, at: '18:00' },
    createdDaysAgo: 1,
    allergens: ['gluten', 'dairy', 'eggs'],
  },
  {
    donor: 'bakery',
    category: 'short-eats',
    title: 'Vegetable patties',
    description: 'Crispy vegetable patties from the afternoon batch.',
    servings: 15,
    price: 0,
    pickup: { day: 0, at: '14:00' },
    expires: { day: 0, at: '17:00' },
    createdDaysAgo: 0,
    allergens: ['gluten'],
  },
  {
    donor: 'hotel',
    category: 'prepared-meals',
    title: 'Buffet surplus: fried rice and devilled chicken',
    description: 'Untouched trays from the lunch buffet, kept hot and packed in food-grade containers.',
    servings: 40,
    price: 0,
    pickup: { day: 0, at: '14:30' },
    expires: { day: 0, at: '18:00' },
    createdDaysAgo: 0,
  },
  {
    donor: 'hotel',
    category: 'fruits-vegetables',
    title: 'Fruit platter cuts',
    description: 'Pineapple, papaya and watermelon, cut this morning and chilled.',
    servings: 16,
    price: 80,
    pickup: { day: 0, at: '16:00' },
    expires: { day: 0, at: '19:00' },
    createdDaysAgo: 0,
  },
  {
    donor: 'hotel',
    category: 'beverages',
    title: 'King coconut water bottles',
    description: 'Sealed bottles of king coconut water from an overstocked event.',
    servings: 24,
    price: 50,
    pickup: { day: 0, at: '13:00' },
    expires: { day: 4, at: '18:00' },
    createdDaysAgo: 1,
  },
  {
    donor: 'hotel',
    category: 'dairy',
    title: 'Curd pots with treacle',
    description: 'Buffalo curd pots, sealed, with kithul treacle sachets. Refrigerated.',
    servings: 10,
    price: 120,
    pickup: { day: 0, at: '15:30' },
    expires: { day: 2, at: '12:00' },
    createdDaysAgo: 1,
    allergens: ['dairy'],
  },
  // Some donors write in Sinhala or Tamil, as they would.
  {
    donor: 'nimal',
    category: 'rice-curry',
    title: 'කිරිබත් සහ ලුණු මිරිස්',
    description: 'පවුලේ දානයට උදේ හදපු කිරිබත් ඉතුරු වුණා. ලුණු මිරිස් එක්කම දෙන්නම්.',
    servings: 8,
    price: 0,
    pickup: { day: 0, at: '11:00' },
    expires: { day: 0, at: '15:00' },
    createdDaysAgo: 0,
  },
  {
    donor: 'nimal',
    category: 'fruits-vegetables',
    title: 'ගෙවත්තේ ඉදුණු කෙසෙල් සහ පැපොල්',
    description: 'අපේ ගෙවත්තේ ඉදුණු ඇඹුල් කෙසෙල් සහ පැපොල්. කැමති කෙනෙක්ට ඇවිත් ගෙනියන්න පුළුවන්.',
    servings: 10,
    price: 0,
    pickup: { day: 0, at: '16:00' },
    expires: { day: 3, at: '18:00' },
    createdDaysAgo: 1,
  },
  {
    donor: 'nimal',
    category: 'packaged',
    title: 'Rice and lentil packs',
    description: 'Unopened 1 kg packs of samba rice and red lentils, well within date.',
    servings: 6,
    price: 0,
    pickup: { day: 0, at: '18:00' },
    expires: { day: 20, at: '20:00' },
    createdDaysAgo: 2,
  },
  {
    donor: 'tharshini',
    category: 'prepared-meals',
    title: 'இடியப்பம் மற்றும் சொதி',
    description: 'விசேஷத்துக்குச் சமைத்த இடியப்பம், சொதி மற்றும் யாழ்ப்பாண நண்டுக் கறி.',
    servings: 10,
    price: 200,
    pickup: { day: 0, at: '17:00' },
    expires: { day: 0, at: '20:00' },
    createdDaysAgo: 0,
    allergens: ['shellfish', 'dairy'],
  },
  {
    donor: 'tharshini',
    category: 'short-eats',
    title: 'முறுக்கு மற்றும் உளுந்து வடை',
    description: 'வீட்டில் செய்த முறுக்கும் உளுந்து வடையும்.',
    servings: 20,
    price: 0,
    pickup: { day: 0, at: '15:00' },
    expires: { day: 1, at: '15:00' },
    createdDaysAgo: 0,
  },
  {
    donor: 'tharshini',
    category: 'dairy',
    title: 'Fresh milk bottles',
    description: 'Pasteurised cow’s milk in sealed bottles, refrigerated.',
    servings: 6,
    price: 90,
    pickup: { day: 0, at: '12:00' },
    expires: { day: 1, at: '12:00' },
    createdDaysAgo: 0,
    allergens: ['dairy'],
  },
  {
    donor: 'spice',
    category: 'beverages',
    title: 'Faluda glasses',
    description: 'Faluda with rose syrup and ice cream, kept chilled.',
    servings: 8,
    price: 100,
    pickup: { day: 0, at: '13:00' },
    expires: { day: 0, at: '15:00' },
    createdDaysAgo: 0,
    allergens: ['dairy'],
  },
  {
    donor: 'bakery',
    category: 'packaged',
    title: 'Biscuit packets',
    description: 'Sealed biscuit packets with a small dent in the outer box.',
    servings: 30,
    price: 0,
    pickup: { day: 0, at: '11:30' },
    expires: { day: 30, at: '20:00' },
    createdDaysAgo: 3,
    allergens: ['gluten'],
  },
  // Claimed and past listings give the dashboards, home cards and impact page real history.
  {
    donor: 'hotel',
    category: 'rice-curry',
    title: 'Yellow rice and chicken curry',
    description: 'Wedding surplus, fully claimed.',
    servings: 30,
    price: 0,
    pickup: { day: 0, at: '13:00' },
    expires: { day: 0, at: '17:00' },
    createdDaysAgo: 0,
    status: 'claimed',
  },
  {
    donor: 'spice',
    category: 'prepared-meals',
    title: 'Lamprais packets',
    description: 'Lamprais wrapped in banana leaf.',
    servings: 15,
    price: 0,
    pickup: { day: -2, at: '12:00' },
    expires: { day: -2, at: '20:00' },
    createdDaysAgo: 2,
    status: 'completed',
  },
  {
    donor: 'nimal',
    category: 'rice-curry',
    title: 'Milk rice for Poya',
    description: 'Kiribath and lunu miris shared on Poya day.',
    servings: 20,
    price: 0,
    pickup: { day: -26, at: '11:00' },
    expires: { day: -26, at: '16:00' },
    createdDaysAgo: 26,
    status: 'completed',
  },
  {
    donor: 'bakery',
    category: 'bakery',
    title: 'Weekend bread surplus',
    description: 'Bread and buns from the weekend.',
    servings: 40,
    price: 0,
    pickup: { day: -41, at: '16:00' },
    expires: { day: -40, at: '12:00' },
    createdDaysAgo: 41,
    status: 'completed',
  },
  {
    donor: 'hotel',
    category: 'prepared-meals',
    title: 'Conference lunch boxes',
    description: 'Packed lunch boxes from a conference.',
    servings: 60,
    price: 0,
    pickup: { day: -71, at: '14:00' },
    expires: { day: -71, at: '18:00' },
    createdDaysAgo: 71,
    status: 'completed',
  },
  {
    donor: 'spice',
    category: 'rice-curry',
    title: 'Biriyani trays',
    description: 'Chicken biriyani trays.',
    servings: 35,
    price: 0,
    pickup: { day: -101, at: '13:00' },
    expires: { day: -101, at: '19:00' },
    createdDaysAgo: 101,
    status: 'completed',
  },
  {
    donor: 'tharshini',
    category: 'prepared-meals',
    title: 'தோசையும் சாம்பாரும்',
    description: 'தோசை, சாம்பார் மற்றும் தேங்காய்ச் சட்னி.',
    servings: 25,
    price: 0,
    pickup: { day: -131, at: '18:00' },
    expires: { day: -131, at: '20:00' },
    createdDaysAgo: 131,
    status: 'completed',
  },
  {
    donor: 'bakery',
    category: 'bakery',
    title: 'Kimbula banis',
    description: 'Sugar-topped buns left after a fair.',
    servings: 20,
    price: 0,
    pickup: { day: -4, at: '15:00' },
    expires: { day: -3, at: '12:00' },
    createdDaysAgo: 4,
    status: 'expired',
  },
]

const DAY = 86_400_000
const HOUR = 3_600_000

/** The Sri Lankan date ('YYYY-MM-DD') some days after another. */
function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY).toISOString().slice(0, 10)
}

/**
 * What the donor recorded when the demo's collected food was handed over: the code shown, but for
 * one in five where the recipient's phone had died, and about 300 g a serving on the scales.
 */
function demoHandover(listingIndex: number, servings: number) {
  const verified = listingIndex % 5 !== 4
  return {
    handoverVerified: verified,
    unverifiedReason: verified ? null : 'Her phone battery was flat; I know her from the temple.',
    weightKg: Math.round(servings * 3) / 10,
  }
}

/**
 * Seeds the demo community once (categories are reference data, seeded on every database).
 * Returns true when demo data was inserted. Idempotent: the demo marker account is checked first.
 * Pickups, expiries and events fall in the Sri Lankan day whatever the hour it runs: live listings on
 * the service day (today before 10:00, else tomorrow), so every window is still ahead; past ones
 * on days before today.
 */
export async function seedDemo({ db }: { db: Database }, now = new Date()): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_MARKER_EMAIL))
    .limit(1)
  if (existing) return false

  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const ago = (days: number) => new Date(now.getTime() - days * DAY)
  const today = sriLankaParts(now)
  const serviceDay = today.time < '10:00' ? today.date : addDays(today.date, 1)
  const wallClock = (base: string, { day, at }: WallClock) => ({ date: addDays(base, day), time: at })
  const instant = ({ date, time }: { date: string; time: string }) => sriLankaInstant(date, time)
  const onServiceDay = (at: string) => sriLankaInstant(serviceDay, at)
  const idOf = new Map<string, string>()
  const categoryRows = await db.select().from(categories)
  const categoryId = (slug: string) => categoryRows.find((c) => c.slug === slug)?.id ?? null

  await db.transaction(async (tx) => {
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
    const user = (key: string) => idOf.get(key)!
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
    const donorOf = (key: string) => DEMO_USERS.find((u) => u.key === key)!

    const listingIds: string[] = []
    /** The claim that took each claimed or completed listing, by listing index. */
    const claimIds: Record<number, string> = {}
    for (const l of DEMO_LISTINGS) {
      const donor = donorOf(l.donor)
      const status = l.status ?? 'available'
      const past = status === 'completed' || status === 'expired'
      const claimed = status === 'claimed' || status === 'completed'
      const base = past ? today.date : serviceDay
      const pickup = wallClock(base, l.pickup)
      const pickupStart = instant(pickup)
      // Live listings were posted before now; past ones a few hours before their pickup.
      const created = new Date(
        past ? pickupStart.getTime() - 3 * HOUR : ago(l.createdDaysAgo).getTime() - 2 * HOUR,
      )
      const [row] = await tx
        .insert(listings)
        .values({
          donorId: user(l.donor),
          title: l.title,
          description: l.description,
          searchKey: searchKey(l.title, l.description, donor.district),
          categoryId: categoryId(l.category),
          quantity: claimed ? 0 : l.servings,
          initialQuantity: l.servings,
          type: l.price > 0 ? 'half-price' : 'free',
          price: l.price,
          pickupAddress: donor.location.split(',')[0] ?? donor.location,
          pickupCity: donor.district,
          pickupDistrict: donor.district,
          // Real points, so the demo shows distances: Nimal's food is in Dehiwala, Galle Face's near the Fort.
          pickupLat: donor.point.lat,
          pickupLng: donor.point.lng,
          pickupDate: pickup.date,
          pickupTimeStart: pickup.time,
          pickupTimeEnd: addMinutesToTime(pickup.time, 60),
          // The demo donors share their phone with approved recipients.
          contactPhone: donor.phone,
          expiresAt: instant(wallClock(base, l.expires)),
          allergens: l.allergens ?? [],
          safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
          status,
          claimedBy: claimed ? user('saman') : null,
          claimedAt: claimed ? new Date(created.getTime() + HOUR) : null,
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: listings.id })
      listingIds.push(row!.id)
      if (claimed) {
        const [claim] = await tx
          .insert(claims)
          .values({
            listingId: row!.id,
            claimantId: user(l.donor === 'spice' ? 'fathima' : l.donor === 'bakery' ? 'hope' : 'saman'),
            quantity: l.servings,
            pickupAt: pickupStart,
            contactMethod: 'phone',
            phone: '0771234506',
            status: status === 'completed' ? 'completed' : 'confirmed',
            decidedAt: new Date(created.getTime() + HOUR),
            completedAt: status === 'completed' ? pickupStart : null,
            // Every approved order has its code (docs/decisions/0047-pickup-codes.md).
            pickupCode: drawPickupCode(),
            ...(status === 'completed' ? demoHandover(listingIds.length - 1, l.servings) : {}),
            createdAt: new Date(created.getTime() + HOUR),
            updatedAt: pickupStart,
          })
          .returning({ id: claims.id })
        claimIds[listingIds.length - 1] = claim!.id
      }
    }

    // Live orders waiting for the donors' decisions (portions already reserved from the listings).
    const reserve = async (index: number, quantity: number) => {
      await tx
        .update(listings)
        .set({ quantity: sql`${listings.quantity} - ${quantity}`, version: sql`${listings.version} + 1` })
        .where(eq(listings.id, listingIds[index]!))
    }
    await tx.insert(claims).values({
      listingId: listingIds[0]!,
      claimantId: user('saman'),
      quantity: 4,
      pickupAt: onServiceDay('12:30'),
      contactMethod: 'phone',
      phone: '0771234506',
      notes: 'For my neighbours too. I can come by three-wheeler.',
      createdAt: ago(0.05),
    })
    await reserve(0, 4)
    await tx.insert(claims).values({
      listingId: listingIds[3]!,
      claimantId: user('hope'),
      quantity: 10,
      pickupAt: onServiceDay('11:30'),
      contactMethod: 'email',
      email: 'hopehome@demo.ahara.lk',
      notes: 'Breakfast for the children tomorrow.',
      status: 'confirmed',
      pickupCode: drawPickupCode(),
      decidedAt: ago(0.02),
      // The home replied 1 to the approval SMS: the bakery sees it is coming (docs/decisions/0061-sms-in-time.md).
      attendanceConfirmedAt: ago(0.01),
      createdAt: ago(0.04),
    })
    await reserve(3, 10)
    await tx.insert(foodRequests).values({
      listingId: listingIds[1]!,
      requesterId: user('fathima'),
      quantity: 3,
      unitPrice: 150,
      totalPrice: 450,
      paymentMethod: 'cash',
      pickupAt: onServiceDay('17:30'),
      phone: '0771234507',
      createdAt: ago(0.03),
    })
    await reserve(1, 3)

    // Deliveries are part of orders (docs/decisions/0027-delivery-is-part-of-an-order.md): each reserves its portions through a
    // claim or request. One approved and offered to volunteers, one waiting for the donor's approval,
    // and two delivered (their orders completed with them).
    const [offeredClaim] = await tx
      .insert(claims)
      .values({
        listingId: listingIds[0]!,
        claimantId: user('saman'),
        quantity: 2,
        pickupAt: onServiceDay('14:00'),
        contactMethod: 'phone',
        phone: '0771234506',
        notes: 'Second floor, blue gate.',
        status: 'confirmed',
        pickupCode: drawPickupCode(),
        decidedAt: ago(0.03),
        createdAt: ago(0.04),
      })
      .returning({ id: claims.id })
    await reserve(0, 2)
    const [awaitingRequest] = await tx
      .insert(foodRequests)
      .values({
        listingId: listingIds[1]!,
        requesterId: user('saman'),
        quantity: 2,
        unitPrice: 150,
        totalPrice: 300,
        paymentMethod: 'cash',
        pickupAt: onServiceDay('18:00'),
        phone: '0771234506',
        createdAt: ago(0.02),
      })
      .returning({ id: foodRequests.id })
    await reserve(1, 2)
    await tx.insert(deliveries).values([
      {
        listingId: listingIds[0]!,
        requesterId: user('saman'),
        claimId: offeredClaim!.id,
        quantity: 2,
        address: '45 Maradana Road',
        city: 'Colombo',
        district: 'Colombo',
        dropOffLat: MARADANA.lat,
        dropOffLng: MARADANA.lng,
        deliveryAt: onServiceDay('14:00'),
        phone: '0771234506',
        specialInstructions: 'Second floor, blue gate.',
        urgent: true,
        fee: deliveryFee('Colombo', true),
        createdAt: ago(0.04),
      },
      {
        listingId: listingIds[1]!,
        requesterId: user('saman'),
        foodRequestId: awaitingRequest!.id,
        quantity: 2,
        address: '45 Maradana Road',
        city: 'Colombo',
        district: 'Colombo',
        dropOffLat: MARADANA.lat,
        dropOffLng: MARADANA.lng,
        deliveryAt: onServiceDay('18:00'),
        phone: '0771234506',
        fee: deliveryFee('Colombo', false),
        createdAt: ago(0.02),
      },
      {
        listingId: listingIds[20]!,
        requesterId: user('saman'),
        claimId: claimIds[20]!,
        quantity: DEMO_LISTINGS[20]!.servings,
        address: '12 Temple Road',
        city: 'Colombo',
        district: 'Colombo',
        deliveryAt: ago(25),
        phone: '0771234506',
        fee: deliveryFee('Colombo', false),
        status: 'completed',
        volunteerId: user('kasun'),
        assignedAt: ago(25.5),
        pickedUpAt: ago(25.1),
        completedAt: ago(25),
        createdAt: ago(26),
      },
      {
        listingId: listingIds[19]!,
        requesterId: user('fathima'),
        claimId: claimIds[19]!,
        quantity: DEMO_LISTINGS[19]!.servings,
        address: '8 Katugastota Road',
        city: 'Kandy',
        district: 'Kandy',
        deliveryAt: ago(1.5),
        phone: '0771234507',
        fee: deliveryFee('Kandy', false),
        status: 'completed',
        volunteerId: user('priya'),
        assignedAt: ago(1.8),
        pickedUpAt: ago(1.6),
        completedAt: ago(1.5),
        createdAt: ago(2),
      },
    ])
    // The recipients' ratings of the two delivered ones (the ratings model).
    const delivered = await tx
      .select({ id: deliveries.id, requesterId: deliveries.requesterId, volunteerId: deliveries.volunteerId })
      .from(deliveries)
      .where(eq(deliveries.status, 'completed'))
    await tx.insert(ratings).values(
      delivered.map((d) => ({
        raterId: d.requesterId,
        rateeId: d.volunteerId!,
        deliveryId: d.id,
        score: d.volunteerId === user('kasun') ? 5 : 4,
      })),
    )

    const eventRows = await tx
      .insert(events)
      .values([
        {
          organizerId: user('kasun'),
          title: 'Beach clean-up and community lunch',
          description: 'Join us to clean Mount Lavinia beach, then share a lunch made from rescued food.',
          startsAt: sriLankaInstant(addDays(today.date, 5), '16:00'),
          address: 'Mount Lavinia Beach',
          city: 'Colombo',
          district: 'Colombo',
          maxAttendees: 40,
        },
        {
          organizerId: user('spice'),
          title: 'Food safety workshop for donors',
          description:
            'Learn how to store, pack and label surplus food safely. Open to homes and businesses.',
          startsAt: sriLankaInstant(addDays(today.date, 12), '10:00'),
          address: 'Kandy City Centre, Level 3',
          city: 'Kandy',
          district: 'Kandy',
          maxAttendees: 25,
        },
        {
          organizerId: user('dilani'),
          title: 'Volunteer drivers meet-up',
          description: 'Plan delivery routes for the southern province and meet other volunteers.',
          startsAt: sriLankaInstant(addDays(today.date, 20), '17:00'),
          address: 'Galle Fort Library',
          city: 'Galle',
          district: 'Galle',
          maxAttendees: null,
        },
      ])
      .returning({ id: events.id })
    await tx.insert(eventAttendees).values([
      { eventId: eventRows[0]!.id, userId: user('saman') },
      { eventId: eventRows[0]!.id, userId: user('nimal') },
      { eventId: eventRows[1]!.id, userId: user('bakery') },
      { eventId: eventRows[2]!.id, userId: user('kasun') },
    ])

    const storyRows = await tx
      .insert(stories)
      .values([
        {
          authorId: user('hope'),
          title: 'Bread every morning for 30 children',
          body: 'Thanks to Galle Fort Bakery, the children at our home have fresh bread for breakfast every weekday. What used to be thrown away now starts their school day.',
          category: 'success',
          createdAt: ago(3),
        },
        {
          authorId: user('spice'),
          title: 'How our restaurant cut waste by half',
          body: 'We used to throw away trays of rice and curry every night. Now we post what is left at closing time, and it is gone within the hour.',
          category: 'impact',
          createdAt: ago(9),
        },
        {
          authorId: user('kasun'),
          title: 'My first month as a volunteer driver',
          body: 'Twelve deliveries across Colombo on my scooter. Every door that opens with a smile makes the traffic worth it.',
          category: 'community',
          createdAt: ago(15),
        },
        {
          authorId: user('nimal'),
          title: 'දානයෙන් ඉතුරු වෙන කෑම අසල්වැසියන්ට',
          body: 'දානයකින් පස්සේ ඉතුරු වෙන බත් සහ ව්‍යංජන අපි දැන් විසි කරන්නේ නැහැ. Ahara එකේ දාපු ගමන් පැයක් ඇතුළත අසල්වැසියෝ ඇවිත් අරගෙන යනවා.',
          category: 'community',
          createdAt: ago(20),
        },
        {
          authorId: user('tharshini'),
          title: 'நல்லூரில் வீணாகாத விருந்து',
          body: 'விசேஷத்துக்குச் சமைத்ததில் மீதமான உணவை Ahara-வில் பதிவிட்டேன். ஒரு மணி நேரத்துக்குள் அயலவர்கள் வந்து எடுத்துச் சென்றார்கள். இனி எதுவும் வீணாகாது.',
          category: 'success',
          createdAt: ago(24),
        },
      ])
      .returning({ id: stories.id })
    await tx.insert(storyLikes).values([
      { storyId: storyRows[0]!.id, userId: user('saman') },
      { storyId: storyRows[0]!.id, userId: user('kasun') },
      { storyId: storyRows[1]!.id, userId: user('hope') },
    ])
  })
  return true
}
