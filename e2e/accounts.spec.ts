import { expect, type Page, test } from '@playwright/test'
import { chooseLanguage, LANGUAGES, plain, type Translate, translator } from './fixtures/languages'
import { fromApp } from './fixtures/origin'

const PASSWORD = 'first-pass-1'

const ROLE_PATHS = {
  donor: '/dashboard/donor',
  recipient: '/dashboard/recipient',
  volunteer: '/dashboard/volunteer',
}
type Role = keyof typeof ROLE_PATHS

/** Signs up on /auth, in the language the page shows, reading every word from `t`. */
async function signUp(page: Page, role: Role, email: string, t: Translate = translator('en')) {
  await page.goto('/auth')
  await page.getByRole('tab', { name: t('auth.signUp') }).click()
  await page.getByLabel(t('auth.fields.name')).fill(`E2E ${role}`)
  await page.getByLabel(t('auth.fields.email')).fill(email)
  await page.getByRole('textbox', { name: t('auth.fields.password'), exact: true }).fill(PASSWORD)
  await page.getByLabel(t('auth.fields.confirmPassword')).fill(PASSWORD)
  await page.getByLabel(t('auth.fields.location')).fill('Nugegoda')
  await page.getByLabel(t('auth.fields.district')).selectOption('Colombo')
  const radio = page.getByRole('radio', { name: t(`auth.roles.${role}`), exact: true })
  await page.locator('label', { has: radio }).click()
  await expect(radio).toBeChecked()
  await page.getByLabel(plain(t('auth.agreeToTerms'))).check()
  await page.getByRole('button', { name: t('auth.createAccount') }).click()
  // The message and the sign-in form are in view, not above the fold the long form scrolled to.
  await expect(page.getByText(t('auth.registered'))).toBeInViewport()
  await expect(page.getByRole('button', { name: t('auth.signIn'), exact: true })).toBeInViewport()
  await expect(page.getByRole('tab', { name: t('auth.signIn') })).toHaveAttribute('aria-selected', 'true')
  // The new account's e-mail is filled in: only the password is left to type.
  await expect(page.getByLabel(t('auth.fields.email'))).toHaveValue(email)
}

async function signIn(page: Page, email: string, password: string, t: Translate = translator('en')) {
  await page.goto('/auth')
  await page.getByLabel(t('auth.fields.email')).fill(email)
  await page.getByRole('textbox', { name: t('auth.fields.password'), exact: true }).fill(password)
  await page.getByRole('button', { name: t('auth.signIn'), exact: true }).click()
}

async function signOut(page: Page, name: string, t: Translate) {
  await page.getByRole('button', { name: t('common.userMenu', { name }) }).click()
  await page.getByRole('menuitem', { name: t('common.signOut') }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('banner').getByRole('link', { name: t('common.nav.signIn') })).toBeVisible()
}

test('sign-up form shows its messages by the fields', async ({ page }) => {
  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('abcdefgh')
  await page.getByLabel('Confirm Password').fill('abcdefgi')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Passwords do not match.')).toBeVisible()
  await expect(page.getByText('Please enter your name.')).toBeVisible()
  await expect(page.getByText('Please agree to the Terms of Service and Privacy Policy.')).toBeVisible()
  await page.getByRole('button', { name: 'Show password' }).first().click()
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('type', 'text')
})

// Each role's first visit, in each language, chosen with the header's switcher before signing up.
for (const language of LANGUAGES) {
  const t = translator(language)
  for (const [role, path] of Object.entries(ROLE_PATHS) as [Role, string][]) {
    test(`a ${role} signs up in ${language}, signs out, signs in and lands on ${path}`, async ({ page }) => {
      const email = `e2e-${role}-${language}-${Date.now()}@example.lk`
      await page.goto('/auth')
      await chooseLanguage(page, language)
      await signUp(page, role, email, t)
      await signIn(page, email, PASSWORD, t)
      await expect(page).toHaveURL(path)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await signOut(page, `E2E ${role}`, t)
      await signIn(page, email, PASSWORD, t)
      await expect(page).toHaveURL(path)
    })
  }
}

test('a wrong password shows the service message', async ({ page }) => {
  await signIn(page, 'saman@demo.ahara.lk', 'not-the-password')
  await expect(page.getByText('Invalid email or password')).toBeVisible()
})

test('a user resets a forgotten password from the mailbox, signs in with it and edits the profile', async ({
  page,
}) => {
  const email = `e2e-reset-${Date.now()}@example.lk`
  await signUp(page, 'recipient', email)

  await page.goto('/auth')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await page.getByLabel('Email Address').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByText('If an account exists, a password reset email has been sent.')).toBeVisible()

  await page.getByRole('link', { name: 'Development mailbox' }).click()
  const mail = page.getByRole('listitem').filter({ hasText: email }).first()
  await expect(mail).toContainText('Reset your Ahara password')
  await mail.getByRole('link').click()
  await expect(page).toHaveURL(/\/reset-password\?token=/)

  await page.getByLabel('New Password').fill('abc')
  await page.getByLabel('Confirm Password').fill('abc')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible()
  await page.getByLabel('New Password').fill('second-pass-2')
  await page.getByLabel('Confirm Password').fill('second-pass-2')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Password updated successfully! Redirecting to login...')).toBeVisible()
  await expect(page).toHaveURL('/auth', { timeout: 5000 })

  await signIn(page, email, 'second-pass-2')
  await expect(page).toHaveURL('/dashboard/recipient')

  await page.getByRole('button', { name: 'Account menu for E2E recipient' }).click()
  await page.getByRole('menuitem', { name: 'View Profile' }).click()
  await expect(page).toHaveURL('/profile')
  await expect(page.getByLabel('Email Address')).toBeDisabled()
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await page.getByLabel('Full Name').fill('Nadeesha Perera')
  await page.getByLabel('Phone Number').fill('0779998877')
  await page.locator('input[type=file]').setInputFiles('e2e/fixtures/photo.jpg')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Profile updated!')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Nadeesha Perera' })).toBeVisible()
  await expect(page.getByRole('banner').locator('img[src^="/uploads/"]')).toBeVisible()
})

test('a reset page without a token explains what to do', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page.getByText('No reset tokens found. Please use the link from your email.')).toBeVisible()
  await page.goto('/reset-password#error=access_denied&error_code=otp_expired')
  await expect(page.getByText('Password reset link has expired. Please request a new one.')).toBeVisible()
})

test('a Tamil reader signs in to an account saved in Sinhala and stays in Tamil; the account reads Tamil from then on', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ta-LK' })
  const page = await context.newPage()
  // Signed up on a Sinhala phone: saved in Sinhala, never chosen (docs/decisions/0064-the-reader-language-wins.md).
  const email = `e2e-reader-${Date.now()}@example.lk`
  const signUp = await page.request.post('/api/users', {
    headers: fromApp,
    data: {
      name: 'Nimali Reader',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      location: 'Nugegoda',
      district: 'Colombo',
      role: 'donor',
      agreeToTerms: true,
      language: 'si',
    },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  await page.goto('/auth')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta')
  await page.locator('input[type=email]').fill(email)
  await page.locator('input[type=password]').fill(PASSWORD)
  await page.locator('form button[type=submit]').click()
  await expect(page).toHaveURL('/dashboard/donor')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta')
  await expect
    .poll(async () => ((await (await page.request.get('/api/me')).json()) as { language: string }).language)
    .toBe('ta')
  await context.close()
})
