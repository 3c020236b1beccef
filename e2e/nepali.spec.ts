import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolation } from './helpers';

const inDays = (days: number) =>
  new Date(Date.now() + (5.75 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);

/** The home page, switched to Nepali with the footer's button. */
async function openInNepali(page: Page) {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'नेपाली' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
}

/** In Nepali, the first fare of a one-way search from Kathmandu `days` ahead, continued as a guest to the passengers. */
async function toPassengersAsGuest(page: Page, to: string, days: number) {
  await openInNepali(page);
  await page.goto(`/flight-search?trip=oneway&from=KTM&to=${to}&date=${inDays(days)}&adults=1&nat=NP`);
  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /छान्नुहोस्/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/Booking\/FlightConfirm/);
  const unique = Date.now().toString().slice(-7);
  const guest = page.getByRole('form', { name: 'अतिथिको रूपमा जारी राख्नुहोस्' });
  await guest.getByRole('textbox').first().fill(`guest${unique}@example.com`);
  await guest.getByRole('textbox').nth(1).fill(`+977 985${unique}`);
  await guest.getByRole('button', { name: 'अतिथिको रूपमा जारी राख्नुहोस्' }).click();
}

/** In Nepali every string is Nepali, and money, dates and digits are written in Devanagari. */
test('the results and the fare calendar in Nepali', async ({ page }) => {
  await openInNepali(page);

  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(2)}&adults=1&nat=NP`);
  const offer = page.getByRole('article').first();
  await expect(offer).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('उडान खोज');
  // Money, times and durations with Devanagari digits (money lakh-grouped).
  await expect(offer).toContainText(/NPR [०-९,.]+/);
  await expect(offer).toContainText(/[०-९]{2}:[०-९]{2}/);
  await expect(offer).toContainText(/[०-९]+ मिनेट/);
  await expect(page.getByText(/^[०-९]+ उडान/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'नजिकका मितिका मूल्य' })).toContainText(/[०-९]/);
  await expect(page.getByRole('button', { name: /छान्नुहोस्/ }).first()).toBeVisible();

  await page.goto(`/fare-calendar?from=KTM&to=PKR&month=${inDays(1).slice(0, 7)}&adults=1&nat=NP`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('भाडा पात्रो');
  const calendar = page.getByRole('table');
  await expect(calendar.getByRole('columnheader').first()).toHaveText('आइत');
  await expectNoSeriousViolation(page, 'the date calendar');
  await expect(calendar.getByRole('button').first()).toHaveAccessibleName(/[०-९]/);
  // What the cells show (the text only screen readers get is left out).
  const visibleText = await calendar.locator('tbody').evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
    return copy.textContent ?? '';
  });
  expect(visibleText).not.toMatch(/[0-9]/);
  expect(visibleText).not.toMatch(/[A-Za-z]{3,}/);
});

test("the API's errors read in Nepali", async ({ page }) => {
  await openInNepali(page);
  await page.goto('/auth/login');
  await page.getByLabel('इमेल वा मोबाइल नम्बर').fill('agent@sajilo.example');
  await page.getByLabel('पासवर्ड').fill('not the password');
  await page.getByRole('button', { name: 'लग इन' }).last().click();
  await expect(page.getByRole('alert')).toHaveText('इमेल, मोबाइल नम्बर वा पासवर्ड मिलेन।');
});

/** The font faces of the page that have loaded, as "family weight". */
const loadedFaces = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.status === 'loaded')
      .map((face) => `${face.family.replace(/"/g, '')} ${face.weight}`);
  });

/**
 * This machine has no Devanagari system font (`fc-list :lang=ne` lists none): Nepali shows only
 * because the site ships Noto Sans Devanagari. English pages download no font at all.
 */
test('Nepali is drawn with the shipped Devanagari font, which English pages never download', async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await page.goto('/');
  const picker = page.getByRole('contentinfo').getByRole('button', { name: 'नेपाली' });
  await expect(picker).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The picker's "नेपाली" comes from the small cut written into the stylesheet.
  expect(await loadedFaces(page)).toContain('Nepali Label 100 900');
  expect(
    await picker.evaluate((label) => label.firstElementChild?.getBoundingClientRect().width),
  ).toBeGreaterThan(20);
  expect(fonts).toEqual([]);

  await picker.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/[\u0900-\u097F]/);
  await expect.poll(() => loadedFaces(page)).toContain('Noto Sans Devanagari 400');
  expect(
    fonts.some((url) => /\/assets\/noto-sans-devanagari-devanagari-400-normal-[\w-]+\.woff2$/.test(url)),
  ).toBe(true);
  // The heading (bold) is laid out with the shipped face of its own weight.
  const heading = page.getByRole('heading', { level: 1 });
  const weight = await heading.evaluate((element) => getComputedStyle(element).fontWeight);
  await expect.poll(() => loadedFaces(page)).toContain(`Noto Sans Devanagari ${weight}`);
});

test('in Nepali, form errors, fare families, refund rules and dates are Nepali words', async ({ page }) => {
  await openInNepali(page);

  await page.goto('/auth/login');
  await page.getByLabel('इमेल वा मोबाइल नम्बर').focus();
  await page.getByLabel('पासवर्ड').focus();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByText('आफ्नो इमेल वा मोबाइल नम्बर लेख्नुहोस्।')).toBeVisible();

  await page.goto(`/flight-search?trip=oneway&from=KTM&to=PKR&date=${inDays(4)}&adults=1&nat=NP`);
  const offer = page.getByRole('article').first();
  await expect(offer).toBeVisible();
  const strip = page.getByRole('navigation', { name: 'नजिकका मितिका मूल्य' });
  // Nepali order and month names ("२०२६ डिसेम्बर १, मङ्गल"), not "Tue, Dec १, २०२६".
  await expect(strip).toContainText(
    /[०-९]{4} (जनवरी|फेब्रुअरी|मार्च|अप्रिल|मे|जुन|जुलाई|अगस्ट|सेप्टेम्बर|अक्टोबर|नोभेम्बर|डिसेम्बर) [०-९]{1,2}, /,
  );
  await offer.getByRole('button', { name: 'उडान विवरण' }).click();
  const cardText = (await offer.innerText()).replace(
    /\b[A-Z]{2}\s?\d{2,4}\b|\b[A-Z]{3}\b|NPR|ATR|DHC|[A-Z]\d?\b/g,
    '',
  );
  // Airline and aircraft names stay as they are; everything the site writes is Nepali.
  expect(cardText).not.toMatch(/Saver|Flex|Standard|Cancellation|refund|no-show|Non-refundable|fare/i);
  await expect(offer).toContainText(/रद्द शुल्क|फिर्ता नहुने/);
});

const NEPALI_MONTH = '(जनवरी|फेब्रुअरी|मार्च|अप्रिल|मे|जुन|जुलाई|अगस्ट|सेप्टेम्बर|अक्टोबर|नोभेम्बर|डिसेम्बर)';
const BS_MONTH = '(बैशाख|जेठ|असार|साउन|भदौ|असोज|कात्तिक|मंसिर|पुस|माघ|फागुन|चैत)';

test("in Nepali, date fields read year/month/day and the calendar shows each day's BS date", async ({
  page,
}) => {
  await openInNepali(page);

  // Tomorrow, in Nepali's order and digits, with the date in words and in BS beneath.
  const departure = page.getByLabel('प्रस्थान मिति');
  const [year, month, day] = inDays(1).split('-');
  const devanagari = (digits: string) => digits.replace(/\d/g, (d) => '०१२३४५६७८९'[Number(d)] ?? d);
  await expect(departure).toHaveValue(devanagari(`${year}/${month}/${day}`));
  await expect(departure).toHaveAttribute('placeholder', 'वर्ष/महिना/गते');
  await expect(page.getByText(new RegExp(`^[०-९]{4} ${NEPALI_MONTH} [०-९]{1,2}, `)).first()).toBeVisible();
  await expect(page.getByText(new RegExp(`^वि\\.सं\\.: [०-९]+ ${BS_MONTH} [०-९]{4}$`)).first()).toBeVisible();

  // Typed in Nepali digits, year first.
  await departure.fill(devanagari(inDays(9).replaceAll('-', '/')));
  await expect(departure).toHaveValue(devanagari(inDays(9).replaceAll('-', '/')));

  // The calendar: the AD month in Nepali words, its BS months, and each day's BS date.
  await page.getByRole('button', { name: 'पात्रोमा छान्नुहोस्' }).first().click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('heading')).toHaveText(
    new RegExp(`^[०-९]{4} ${NEPALI_MONTH}वि\\.सं\\. ${BS_MONTH}`),
  );
  await expect(calendar.getByRole('columnheader').first()).toHaveText('आइत');
  await expectNoSeriousViolation(page, 'the date calendar');
  const chosen = calendar.getByRole('button', { pressed: true });
  await expect(chosen).toHaveAccessibleName(
    new RegExp(`^[०-९]{4} ${NEPALI_MONTH} [०-९]{1,2}, \\S+ \\(वि\\.सं\\. [०-९]+ ${BS_MONTH} [०-९]{4}\\)$`),
  );
  // What the day shows: its AD day, and beneath it the BS day its name gives.
  const bsDay = (await chosen.locator('.sr-only').textContent())?.match(/वि\.सं\. ([०-९]+)/)?.[1];
  await expect(chosen.locator('[aria-hidden="true"]').last()).toHaveText(bsDay ?? 'missing');
  expect(await calendar.locator('tbody').textContent()).not.toMatch(/[0-9A-Za-z]/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(departure).toHaveValue(devanagari(inDays(16).replaceAll('-', '/')));
});

test('in Nepali, the booking page writes the flight date in Nepali words and the birth date field year first', async ({
  page,
}) => {
  await toPassengersAsGuest(page, 'PKR', 5);

  // "२०२६ डिसेम्बर २, बुध", not "Wed, Dec २, २०२६".
  await expect(
    page.getByText(new RegExp(`[०-९]{4} ${NEPALI_MONTH} [०-९]{1,2}, (आइत|सोम|मङ्गल|बुध|बिही|शुक्र|शनि)`)).first(),
  ).toBeVisible();
  const born = page.getByRole('group', { name: /^यात्रु १/ }).getByLabel(/^जन्म मिति/);
  await expect(born).toHaveAttribute('placeholder', 'वर्ष/महिना/गते');
  await born.fill('१९९०/०४/१५');
  await born.blur();
  await expect(born).toHaveValue('१९९०/०४/१५');
});

test('in Nepali, airports are found by their Nepali names and countries are named in Nepali', async ({
  page,
}) => {
  await openInNepali(page);

  // The nationality reads in Nepali (from the API: this browser has no Nepali country names).
  const nationality = page.getByRole('combobox', { name: 'राष्ट्रियता' });
  await expect(nationality.locator('option:checked')).toHaveText('नेपाल (Nepal)');
  // The picker fills its list when it is used.
  await nationality.focus();
  await expect(nationality.locator('option', { hasText: 'भारत (India)' })).toHaveCount(1);

  // Typed in Devanagari: Pokhara, its Nepali name beside the English one, its country in Nepali.
  const from = page.getByRole('combobox', { name: 'कहाँबाट' });
  await from.fill('पोख');
  const pokhara = page.getByRole('option').filter({ hasText: 'PKR' });
  await expect(pokhara).toContainText('पोखरा (Pokhara)');
  await expect(pokhara).toContainText('Pokhara Airport, नेपाल');
  await pokhara.click();
  await expect(from).toHaveValue('पोखरा (PKR)');

  // A foreign airport: the city in English, the country in Nepali.
  const to = page.getByRole('combobox', { name: 'कहाँसम्म' });
  await to.fill('DEL');
  const delhi = page.getByRole('option').filter({ hasText: 'DEL' }).first();
  await expect(delhi).toContainText(/Delhi/);
  await expect(delhi).toContainText('Indira Gandhi International Airport, भारत');
  await delhi.click();
  await expect(to).toHaveValue(/^.*Delhi.* \(DEL\)$/);

  await page.getByRole('button', { name: 'उडान खोज्नुहोस्' }).click();
  await expect(page).toHaveURL(/from=PKR/);
  await expect(page).toHaveURL(/to=DEL/);
});

test('in English, airport suggestions and nationalities stay in English', async ({ page }) => {
  await page.goto('/');
  const nationality = page.getByRole('combobox', { name: 'Nationality' });
  await expect(nationality.locator('option:checked')).toHaveText('Nepalese (Nepal)');
  // Until the picker is used it holds the chosen nationality alone; used, it has every country.
  await expect(nationality.locator('option')).toHaveCount(1);
  await nationality.click();
  await expect(nationality.locator('option', { hasText: 'American (United States)' })).toHaveCount(1);
  await page.keyboard.press('Escape');
  const from = page.getByRole('combobox', { name: 'From' });
  await from.fill('pok');
  const pokhara = page.getByRole('option').filter({ hasText: 'PKR' });
  await expect(pokhara).toContainText('Pokhara Airport, Nepal');
  await expect(pokhara).not.toContainText('पोखरा');
  await pokhara.click();
  await expect(from).toHaveValue('Pokhara (PKR)');
});

test('in Nepali, a passenger gives a Nepali name beside the passport name, and the booking shows it', async ({
  page,
}) => {
  await toPassengersAsGuest(page, 'PKR', 7);

  await page
    .getByRole('group', { name: 'यो बुकिङको सम्पर्क' })
    .getByLabel('नाम', { exact: true })
    .fill('Sita Gurung');
  const passenger = page.getByRole('group', { name: /^यात्रु १/ });
  await expect(passenger.getByLabel('राष्ट्रियता').locator('option:checked')).toHaveText('नेपाल (Nepal)');
  await passenger.getByLabel('सम्बोधन').selectOption('Ms');
  await passenger.getByLabel('लिङ्ग').selectOption('female');
  // The name typed in Nepali: the Latin spelling is offered for the passport name.
  await passenger.getByLabel(/^पहिलो नाम/).fill('सीता');
  await passenger.getByRole('button', { name: /“Sita” प्रयोग गर्नुहोस्/ }).click();
  await expect(passenger.getByLabel(/^पहिलो नाम/)).toHaveValue('Sita');
  await passenger.getByLabel(/^थर/).fill('Gurung');
  const nepaliName = passenger.getByLabel('नेपालीमा नाम (ऐच्छिक)');
  await nepaliName.fill('Sita Gurung');
  await page.getByRole('button', { name: 'सिट राख्नुहोस् र भुक्तानीमा जानुहोस्' }).click();
  await expect(passenger.getByText('नेपाली नाम देवनागरी अक्षरमा लेख्नुहोस्।')).toBeVisible();
  await nepaliName.fill('सीता गुरुङ');
  await expect(passenger.getByText('नेपाली नाम देवनागरी अक्षरमा लेख्नुहोस्।')).toBeHidden();
  await page.getByRole('button', { name: 'सिट राख्नुहोस् र भुक्तानीमा जानुहोस्' }).click();

  await expect(page).toHaveURL(/\/Booking\/BookingConfirm\?pnr=[A-Z2-9]{6}/);
  await expect(page.getByText(/Sita Gurung \(सीता गुरुङ\)/)).toBeVisible();
});

test('in Nepali, the passport’s issuing country is chosen by its Nepali name on an international trip', async ({
  page,
}) => {
  await toPassengersAsGuest(page, 'DEL', 8);

  await page
    .getByRole('group', { name: 'यो बुकिङको सम्पर्क' })
    .getByLabel('नाम', { exact: true })
    .fill('Hari Thapa');
  const passenger = page.getByRole('group', { name: /^यात्रु १/ });
  await passenger.getByLabel('सम्बोधन').selectOption('Mr');
  await passenger.getByLabel('लिङ्ग').selectOption('male');
  await passenger.getByLabel(/^पहिलो नाम/).fill('Hari');
  await passenger.getByLabel(/^थर/).fill('Thapa');
  await passenger.getByLabel('राहदानी नम्बर').fill('PA1234567');
  await passenger.getByLabel('राहदानी म्याद सकिने मिति').fill('२०३५/०१/०१');
  const issuedBy = passenger.getByLabel('राहदानी जारी गर्ने देश');
  await expect(issuedBy.locator('option:checked')).toHaveText('राष्ट्रियताकै देश');
  await issuedBy.selectOption({ label: 'भारत (India)' });

  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/bookings$/.test(request.url()),
  );
  await page.getByRole('button', { name: 'सिट राख्नुहोस् र भुक्तानीमा जानुहोस्' }).click();
  expect((await sent).postDataJSON().passengers[0]).toMatchObject({
    nationality: 'NP',
    passport_country: 'IN',
  });
  await expect(page).toHaveURL(/\/Booking\/BookingConfirm\?pnr=[A-Z2-9]{6}/);
});
