import type { Point } from '../../../shared/geo'
import type { Language } from '../../../shared/reference-data'
import { DEMO_MARKER_EMAIL } from './accounts'

export type DemoUser = {
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
export const MARADANA: Point = { lat: 6.928512, lng: 79.864367 }

export const DEMO_USERS: DemoUser[] = [
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
