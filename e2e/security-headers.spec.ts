import { expect, type Page, test } from '@playwright/test';

/** Every Content-Security-Policy violation the page reports (blocked scripts, styles, frames…). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test.describe('the strict Content-Security-Policy', () => {
  test('blocks nothing the web app needs: home, search and log-in work with no violation', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    await expect(page.getByRole('combobox', { name: 'From' })).toBeVisible();
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the app-SDK brand renders with no violation and names who may frame it', async ({
    page,
    baseURL,
  }) => {
    const violations = await watchViolations(page);
    const url = new URL(baseURL ?? 'http://localhost');
    const response = await page.goto(`http://globalime.localhost:${url.port}/`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    await expect(page).toHaveTitle(/Global IME/);
    await expect(page.getByRole('combobox', { name: 'From' })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
