/**
 * Intl formatters by locale and options. Making one costs far more than using it (a home page with a
 * few dozen figures and dates spent about 100 ms of a throttled phone's CPU making them), and the
 * pages ask for the same few again and again.
 */
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()
const collators = new Map<string, Intl.Collator>()

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options ?? {})}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    numberFormats.set(key, format)
  }
  return format
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, format)
  }
  return format
}

export function collator(locale: string): Intl.Collator {
  let made = collators.get(locale)
  if (!made) {
    made = new Intl.Collator(locale)
    collators.set(locale, made)
  }
  return made
}
