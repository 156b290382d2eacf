// ICU's data, loaded by a worker off the main thread: see docs/decisions/0065-light-on-the-cheapest-phone.md.
if (typeof document === 'undefined') {
  for (const locale of ['en-LK', 'si-LK', 'ta-LK']) {
    new Intl.NumberFormat(locale).format(1234)
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Colombo' }).format(0)
    new Intl.Collator(locale).compare('a', 'b')
    new Intl.PluralRules(locale).select(1)
  }
  close()
} else {
  try {
    new Worker(document.currentScript.src)
  } catch {}
}
