import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Himalaya-Demo-2081';

/** Logs in with a demo account through the log-in page. */
export async function logIn(page: Page, login: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail or mobile number').fill(login);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Puts the global confirm modal (and optionally a booking) into the stored client state of the
 * agency brand, as the app would have saved it, and reloads so the app opens it. Call it once
 * the app has started (it saves its own state on start).
 */
export async function openStoredModal(
  page: Page,
  modal: Record<string, unknown>,
  booking?: Record<string, unknown>,
): Promise<void> {
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.evaluate(
    ({ modal, booking }) => {
      const key = 'SajiloTravelsState';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}');
      saved.state.modal = { status: true, confirmText: '', cancelText: '', ...modal };
      if (booking) saved.state.booking = booking;
      localStorage.setItem(key, JSON.stringify(saved));
    },
    { modal, booking },
  );
  await page.reload();
}
