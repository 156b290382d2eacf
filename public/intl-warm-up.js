/**
 * index.html loads this file apart from the app, so it runs while the app's scripts are still
 * downloading. The first Intl number formatter of a page loads ICU's data, 15–70 ms unthrottled and
 * four times that on a cheap phone, and the first date formatter a few more; whatever the locale,
 * every formatter after them is made in well under a millisecond. Made here, that cost falls where
 * the CPU is idle, not in the page's first render; the two in tasks of their own, so that neither
 * keeps a tap waiting long (docs/decisions/0041-first-visit-main-thread.md).
 */
new Intl.NumberFormat().format(0)
setTimeout(() => new Intl.DateTimeFormat().format(0), 0)
