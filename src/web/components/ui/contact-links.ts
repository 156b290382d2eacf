/**
 * Links that reach the other side of an order from a phone (issue 29, item 5): tap to call, WhatsApp,
 * and the address in the phone's maps app. They carry only what the reader already sees. Kept out of
 * src/shared and lib: the build puts what those share in every first visit (vite.config.ts).
 */

/** A Sri Lankan number in international digits: '077 123 4567' and '+94 77 123 4567' give '94771234567'. */
export function internationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (phone.trim().startsWith('+')) return digits
  if (digits.startsWith('0')) return `94${digits.slice(1)}`
  return digits.startsWith('94') && digits.length === 11 ? digits : `94${digits}`
}

/** `tel:+94771234567`: the dialler, whatever spaces and dashes the number was typed with. */
export function telHref(phone: string): string {
  return `tel:+${internationalDigits(phone)}`
}

/** `https://wa.me/94771234567`: a WhatsApp chat with the number. */
export function whatsAppHref(phone: string): string {
  return `https://wa.me/${internationalDigits(phone)}`
}

/** A maps search for the address (the phone opens its maps app); no map tiles on our pages. */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${address}, Sri Lanka`)}`
}
