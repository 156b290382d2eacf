import { expect, type Route, test } from '@playwright/test'
import sharp from 'sharp'
import { newAccount, signUpAndIn } from './fixtures/accounts'
import { postListing } from './fixtures/listings'

/**
 * A phone photo as a camera writes it: 4000 × 3000 pixels of grain (it compresses badly, some 3.3 MB
 * as JPEG) stored sideways with EXIF orientation 6, so that it shows upright only when the
 * orientation is applied: upright it is 3000 wide and 4000 high.
 */
async function phonePhoto(): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 25 },
    },
  })
    .png()
    .toBuffer()
  return sharp(grain)
    .resize(4000, 3000, { kernel: 'cubic' })
    .jpeg({ quality: 89 })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** The file inside a multipart/form-data body. */
function filePart(body: Buffer): { type: string; data: Buffer } {
  const headersEnd = body.indexOf('\r\n\r\n')
  const headers = body.subarray(0, headersEnd).toString('latin1')
  const boundary = headers.split('\r\n')[0]!
  const end = body.indexOf(`\r\n${boundary}--`, headersEnd)
  return {
    type: /content-type: (\S+)/i.exec(headers)?.[1] ?? '',
    data: body.subarray(headersEnd + 4, end),
  }
}

/** Holds each upload request until the test lets it through, as a slow network would. */
function slowUploads() {
  const held: { route: Route; body: Buffer; release: () => Promise<void> }[] = []
  const arrived: ((count: number) => void)[] = []
  const handler = async (route: Route) => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    held.push({
      route,
      body: route.request().postDataBuffer() ?? Buffer.alloc(0),
      release: async () => release(),
    })
    for (const notify of arrived.splice(0)) notify(held.length)
    await gate
    // A cancelled upload is gone from the page already: there is nothing left to pass on.
    await route.continue().catch(() => {})
  }
  const nth = async (n: number) => {
    while (held.length < n) await new Promise((resolve) => arrived.push(resolve))
    return held[n - 1]!
  }
  return { handler, nth }
}

test('a 3.3 MB phone photo is shrunk in the browser, Next waits for it, and Cancel drops an upload', async ({
  page,
}) => {
  const photo = await phonePhoto()
  expect(photo.length).toBeGreaterThan(3_000_000)
  await signUpAndIn(page, 'donor', 'Photo Donor')
  const uploads = slowUploads()
  await page.route('**/api/uploads', uploads.handler)

  await page.goto('/donate')
  await expect(page.getByRole('heading', { name: 'Food Details' })).toBeVisible()
  const next = page.getByRole('button', { name: 'Next Step' })
  const stillUploading = page.getByRole('status').filter({ hasText: 'Images are still uploading' })
  const fileInput = page.locator('input[type=file]')

  await fileInput.setInputFiles({ name: 'market.jpg', mimeType: 'image/jpeg', buffer: photo })
  const progress = page.getByRole('progressbar', { name: 'Uploading market.jpg' })
  await expect(progress).toBeVisible()
  // While the photo is on its way, Next waits and says why, instead of calling the photo missing.
  await expect(next).toBeDisabled()
  await expect(stillUploading).toBeVisible()

  const first = await uploads.nth(1)
  expect(first.body.length).toBeLessThanOrEqual(500_000)
  const sent = filePart(first.body)
  expect(sent.type).toMatch(/^image\/(webp|jpeg)$/)
  const meta = await sharp(sent.data).metadata()
  // Upright (the orientation applied to the pixels) and 1600 on its long side.
  expect({ width: meta.width, height: meta.height }).toEqual({ width: 1200, height: 1600 })
  expect(meta.orientation ?? 1).toBe(1)

  await expect(next).toBeDisabled()
  await first.release()
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible()
  await expect(progress).toHaveCount(0)
  await expect(next).toBeEnabled()
  await expect(stillUploading).toHaveCount(0)

  // A second photo, cancelled while it uploads: its tile goes, nothing is added, Next is free again.
  await fileInput.setInputFiles({ name: 'stall.jpg', mimeType: 'image/jpeg', buffer: photo })
  const second = await uploads.nth(2)
  await expect(next).toBeDisabled()
  await page.getByRole('button', { name: 'Cancel uploading stall.jpg' }).click()
  await expect(page.getByRole('progressbar', { name: 'Uploading stall.jpg' })).toHaveCount(0)
  await expect(next).toBeEnabled()
  await second.release()
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Image 2' })).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)

  // The photo that arrived counts: with the other fields filled, Next leads to the second step.
  await page.getByLabel('Food title').fill('Market vegetables')
  await page.getByLabel('Category').selectOption({ label: 'Bakery Items' })
  await page.getByLabel('Description').fill('Fresh from the Pettah market this morning.')
  await page.getByLabel('Quantity (servings)').fill('4')
  await next.click()
  await expect(page.getByRole('heading', { name: 'Location & Pickup' })).toBeVisible()
})

test('in the edit dialog, Save waits for a photo that is still uploading', async ({ browser }) => {
  const donor = await newAccount(browser, 'donor', 'Edit Photo Donor')
  const title = `Kiribath trays ${Date.now()}`
  await postListing(donor.request, { title })
  const { page } = donor
  const uploads = slowUploads()
  await page.route('**/api/uploads', uploads.handler)
  await page.goto('/find-food')
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Edit Listing' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Food Listing' })
  const save = dialog.getByRole('button', { name: 'Save Changes' })
  await expect(save).toBeEnabled()

  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'tray.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() })
  const held = await uploads.nth(1)
  await expect(save).toBeDisabled()
  await expect(dialog.getByRole('status').filter({ hasText: 'Images are still uploading' })).toBeVisible()
  await held.release()
  await expect(dialog.getByRole('img', { name: 'Image 2' })).toBeVisible()
  await expect(save).toBeEnabled()
  await donor.context.close()
})
