import { expect, test } from '@playwright/test'

/**
 * The app is React: React DOM renders the root (its container mark, set by createRoot) and no Preact
 * reaches the browser, on the pages a first visit opens most, in each language
 * (docs/decisions/0043-react-and-wouter.md).
 */
for (const language of ['en', 'si', 'ta']) {
  for (const path of ['/', '/find-food']) {
    test(`${path} in ${language} is rendered by React DOM`, async ({ page }) => {
      await page.addInitScript((chosen) => localStorage.setItem('ahara.language', chosen), language)
      const scripts: string[] = []
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return
        // ICU's warm-up runs again as a worker (public/intl-warm-up.js, 0065), whose copy of the file
        // the page's network log does not keep; the page's own copy of it is read like any script.
        const body = await response.text().catch((error: Error) => {
          if (response.url().endsWith('/intl-warm-up.js')) return ''
          throw error
        })
        scripts.push(body)
      })
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expect(page.getByRole('contentinfo')).toBeVisible()
      const root = await page.evaluate(() => {
        const element = document.getElementById('root')!
        return {
          reactContainer: Object.keys(element).some((key) => key.startsWith('__reactContainer$')),
          preactTree: '__k' in element || '_children' in element,
        }
      })
      expect(root).toEqual({ reactContainer: true, preactTree: false })
      expect(scripts.filter((source) => /preact/i.test(source))).toEqual([])
    })
  }
}
