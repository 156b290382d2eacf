import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
for (const [w, h] of [[1280, 1000], [700, 900]]) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, locale: 'en-LK' })
  const page = await context.newPage()
  await page.goto('http://localhost:3204/find-food')
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => { const a = document.querySelector('main article'); window.scrollTo(0, a.getBoundingClientRect().top + window.scrollY - 70) })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `/tmp/photos-desk-${w}.png` })
  console.log(await page.locator('main article img').evaluateAll((imgs) => imgs.slice(0, 3).map((i) => [i.currentSrc, i.loading, i.getAttribute('fetchpriority'), i.getAttribute('srcset')])))
  await context.close()
}
await browser.close()
