import { expect, test } from '@playwright/test'
import { PASSWORD, signUpAndIn } from './fixtures/accounts'

/** Proving the mailbox in the browser (docs/decisions/0057-proved-email-and-sign-in-links.md). */

test('a new donor is asked to confirm the e-mail, has the link sent again and confirms it', async ({
  page,
}) => {
  const email = await signUpAndIn(page, 'donor', 'Proving Donor')
  await page.goto('/dashboard/donor')
  const banner = page.getByTestId('email-verification-banner')
  await expect(banner).toContainText(`Please confirm your e-mail address: open the link we sent to ${email}.`)
  await banner.getByRole('button', { name: 'Send the link again' }).click()
  await expect(banner).toContainText('We sent a new link. Please check your inbox.')

  await page.goto('/dev/mailbox')
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: email })
    .filter({ hasText: 'Confirm your e-mail' })
    .first()
  await expect(mail).toContainText('within 24 hours')
  await mail.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/verify-email\?token=/)
  await expect(page.getByText('Thank you: your e-mail address is confirmed.')).toBeVisible()
  await page.getByRole('link', { name: 'Continue' }).click()
  await expect(page).toHaveURL('/dashboard/donor')
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Proving Donor' })).toBeVisible()
  await expect(page.getByTestId('email-verification-banner')).toHaveCount(0)
})

test('a sign-in refused by a limit offers a sign-in link, which signs this device in', async ({
  page,
  browser,
}) => {
  const email = await signUpAndIn(page, 'recipient', 'Linked Recipient')
  // Another device, where wrong passwords were tried until the limit refuses this address.
  const context = await browser.newContext()
  const other = await context.newPage()
  await other.goto('/auth')
  await other.getByLabel('Email Address').fill(email)
  const signInAnswer = () => other.waitForResponse((res) => res.url().endsWith('/api/sessions'))
  for (let i = 0; i < 6; i++) {
    await other.getByRole('textbox', { name: 'Password', exact: true }).fill(`wrong-pass-${i}`)
    const [answer] = await Promise.all([
      signInAnswer(),
      other.getByRole('button', { name: 'Sign In', exact: true }).click(),
    ])
    if (answer.status() === 429) break
    await expect(other.getByText('Invalid email or password')).toBeVisible()
  }
  // Even the right password waits now: the offer is the way in.
  await other.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await other.getByRole('button', { name: 'Sign In', exact: true }).click()
  const offer = other.getByTestId('sign-in-link-offer')
  await expect(offer).toContainText('we e-mail you a link that signs you in on this device')
  await offer.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect(
    other.getByText('If an account uses this address, a sign-in link is on its way.'),
  ).toBeVisible()

  await other.goto('/dev/mailbox')
  const mail = other
    .getByRole('listitem')
    .filter({ hasText: email })
    .filter({ hasText: 'sign-in link' })
    .first()
  await expect(mail).toContainText('within 15 minutes')
  await mail.getByRole('link').first().click()
  await expect(other).toHaveURL(/\/sign-in-link\?token=/)
  await expect(other.getByText('You are signed in.')).toBeVisible()
  await other.getByRole('link', { name: 'Continue' }).click()
  await expect(other).toHaveURL('/dashboard/recipient')
  // The link proved the mailbox too.
  await expect(other.getByTestId('email-verification-banner')).toHaveCount(0)
  await context.close()
})
