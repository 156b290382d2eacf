/** Ahara's published support contacts: channels, office and emergency lines. */
export const SUPPORT_CONTACTS = {
  email: 'support@ahara.lk',
  phone: '+94 11 234 5678',
  /** Live chat runs on WhatsApp, which most people in Sri Lanka already use. */
  whatsApp: '+94 77 123 4567',
  emergencyPhone: '+94 77 999 1990',
  emergencyEmail: 'emergency@ahara.lk',
} as const

/** Opening hours as [from, to] hours of the day; null = closed. */
export const HOURS = {
  channels: [9, 18],
  weekdays: [9, 18],
  saturday: [9, 14],
  sunday: null,
} as const
