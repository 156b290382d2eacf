import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
for (const locale of ['ta-LK', 'si-LK', 'en-LK']) {
const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale })
const page = await context.newPage()
await page.goto('http://localhost:3204/find-food')
await page.waitForLoadState('networkidle')
console.log(locale, await page.locator('main article button').evaluateAll((bs) => [...new Set(bs.map((b) => b.textContent))].map((text) => {
  const words = text.split(/\s+/)
  return words.map((w) => { const s = document.createElement('span'); s.textContent = w; s.style.font = getComputedStyle(bs[0]).font; s.style.fontWeight='600'; document.body.append(s); const width = s.getBoundingClientRect().width; s.remove(); return `${w}:${Math.round(width)}` }).join(' ')
})))
await context.close()
}
await browser.close()
