import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

/**
 * Every API message shown to people is written for a person
 * (docs/web.md#messages-toasts-money-and-connections). A lockout says when to try
 * again (in minutes, in the UI's language); a refused field's message is shown without the
 * field's path the API adds for developers. The server's answers are played back as it sends
 * them (shapes from server/src/http/rate-limit.ts and error-handler.ts).
 */
async function answerLogInWith(page: Page, status: number, data: Record<string, unknown>) {
  await page.route('**/api/b2b/v2/auth/login', (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, data }),
    }),
  );
}

async function tryToLogIn(page: Page) {
  await page.getByLabel(/E-mail or mobile number|इमेल वा मोबाइल नम्बर/).fill('agent@sajilo.example');
  await page.getByLabel(/^Password$|^पासवर्ड$/).fill(DEMO_PASSWORD);
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Log In$|^लग इन$/ })
    .click();
}

const lockout = {
  error: 'Too many attempts. Please try again in 10 minutes.',
  code: 'RATE_LIMITED',
  retryAfterSeconds: 600,
};

test('a lockout says how many minutes to wait, in English and in Nepali', async ({ page }) => {
  await answerLogInWith(page, 429, lockout);
  await page.goto('/auth/login');
  await tryToLogIn(page);
  await expect(page.getByText('Too many attempts. Please try again in 10 minutes.')).toBeVisible();

  await page.getByRole('contentinfo').getByRole('button', { name: 'नेपाली' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await answerLogInWith(page, 429, { ...lockout, retryAfterSeconds: 45 });
  await tryToLogIn(page);
  await expect(page.getByText('धेरै प्रयास भए। कृपया ४५ सेकेन्डपछि फेरि प्रयास गर्नुहोस्।')).toBeVisible();
  await answerLogInWith(page, 429, lockout);
  await tryToLogIn(page);
  await expect(page.getByText('धेरै प्रयास भए। कृपया १० मिनेटपछि फेरि प्रयास गर्नुहोस्।')).toBeVisible();
});

test('a refused field is explained without its path', async ({ page }) => {
  await answerLogInWith(page, 400, {
    error: 'login: Enter your e-mail or mobile number as you signed up with it.',
    code: 'VALIDATION_FAILED',
    fields: { login: 'Enter your e-mail or mobile number as you signed up with it.' },
  });
  await page.goto('/auth/login');
  await tryToLogIn(page);
  await expect(
    page.getByText('Enter your e-mail or mobile number as you signed up with it.').first(),
  ).toBeVisible();
  await expect(page.getByText(/login: Enter/)).toHaveCount(0);
});
