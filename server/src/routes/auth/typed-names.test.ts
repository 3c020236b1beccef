import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_CHARACTER_MESSAGE, hasHiddenCharacters } from '#shared/typed-name';
import { api, logInDemo } from '../../test/accounts';
import { bookingBody, contact, findOffer, postBooking } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Names people type refuse the characters that hide or reorder what a name shows
 * (docs/security.md#names): one bidirectional override can make "Ram" read as another name in a
 * list, a zero-width space makes two accounts look alike.
 */
const HIDDEN: [what: string, character: string][] = [
  ['right-to-left override', '\u202E'],
  ['left-to-right embedding', '\u202A'],
  ['first-strong isolate', '\u2068'],
  ['right-to-left mark', '\u200F'],
  ['Arabic letter mark', '\u061C'],
  ['zero-width space', '\u200B'],
  ['word joiner', '\u2060'],
  ['byte-order mark inside', '\uFEFF'],
  ['soft hyphen', '\u00AD'],
  ['zero-width joiner after a Latin letter', '\u200D'],
  ['zero-width non-joiner after a Latin letter', '\u200C'],
];
const hiding = (character: string) => `Ra${character}m`;

let t: TestApp;
let owner: string;
let agent: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await logInDemo(t, 'sajilo', 'admin');
  agent = await logInDemo(t, 'sajilo', 'agent');
});
afterAll(() => t.close());

/** Each user-typed name field, as a request that sends `name` in it, and the field's name in `data.fields`. */
const FIELDS: [route: string, field: string, send: (name: string) => ReturnType<typeof api>][] = [
  [
    'POST /auth/signup',
    'firstName',
    (name) =>
      api(t, {
        method: 'POST',
        url: '/auth/signup',
        payload: {
          firstName: name,
          lastName: 'Rai',
          email: 'maya@example.com',
          mobile: '+977 9812345670',
          password: 'monsoon rain over phewa',
        },
      }),
  ],
  [
    'POST /auth/guest',
    'lastName',
    (name) =>
      api(t, {
        method: 'POST',
        url: '/auth/guest',
        payload: { email: 'guest@example.com', mobile: '+977 9812345671', firstName: 'Hari', lastName: name },
      }),
  ],
  [
    'POST /admin/users',
    'firstName',
    (name) =>
      api(t, {
        method: 'POST',
        url: '/admin/users',
        cookie: owner,
        payload: { firstName: name, lastName: 'Rai', email: 'new.agent@example.com', type: 'agent' },
      }),
  ],
  [
    'POST /auth/staff-invitations/accept',
    'lastName',
    (name) =>
      api(t, {
        method: 'POST',
        url: '/auth/staff-invitations/accept',
        payload: {
          token: 'x'.repeat(43),
          firstName: 'Sita',
          lastName: name,
          password: 'monsoon rain over phewa',
        },
      }),
  ],
  [
    'POST /admin/agent-groups',
    'name',
    (name) =>
      api(t, {
        method: 'POST',
        url: '/admin/agent-groups',
        cookie: owner,
        payload: { name, grantedCommissionPercent: 1 },
      }),
  ],
  [
    'PUT /me/tax-profile',
    'buyer_name',
    (name) =>
      api(t, {
        method: 'PUT',
        url: '/me/tax-profile',
        cookie: agent,
        payload: { buyer_name: name, pan: '123456789' },
      }),
  ],
  [
    'POST /api-keys',
    'name',
    (name) =>
      api(t, { method: 'POST', url: '/api-keys', cookie: agent, payload: { name, scopes: ['read'] } }),
  ],
];

describe('user-typed names', () => {
  for (const [route, field, send] of FIELDS) {
    it.each(HIDDEN)(`${route} refuses a %s in ${field} with 400 naming it`, async (_, character) => {
      const response = await send(hiding(character));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().data.code).toBe('VALIDATION_FAILED');
      expect(response.json().data.fields[field]).toBe(HIDDEN_CHARACTER_MESSAGE);
    });
  }

  it('refuses a hidden character in the brand’s names and a booking’s contact, naming the field', async () => {
    const settings = (await api(t, { method: 'GET', url: '/admin/brand', cookie: owner })).json().data;
    const brand = await api(t, {
      method: 'PUT',
      url: '/admin/brand',
      cookie: owner,
      payload: { config: { ...settings.config, displayName: 'Sajilo\u202E Travels' }, hosts: settings.hosts },
    });
    expect(brand.statusCode, brand.body).toBe(400);
    expect(brand.json().data.fields['config.displayName']).toBe(HIDDEN_CHARACTER_MESSAGE);
    const after = (await api(t, { method: 'GET', url: '/admin/brand', cookie: owner })).json().data;
    expect(after.config.displayName).toBe(settings.config.displayName);

    const offer = await findOffer(t, { cookie: agent, days: 6 });
    const booking = await postBooking(t, agent, {
      ...bookingBody([offer]),
      contact: { ...contact, name: 'Hari\u200B Thapa' },
    });
    expect(booking.statusCode).toBe(400);
    expect(booking.json().data.fields['contact.name']).toBe(HIDDEN_CHARACTER_MESSAGE);
  });

  it('keeps the joiners that choose a Devanagari conjunct’s form, and ordinary accents', async () => {
    expect(hasHiddenCharacters('क्\u200Dष')).toBe(false);
    expect(hasHiddenCharacters('र्\u200Cय')).toBe(false);
    expect(hasHiddenCharacters('José Ñúñez-O’Brien')).toBe(false);
    const group = await api(t, {
      method: 'POST',
      url: '/admin/agent-groups',
      cookie: owner,
      payload: { name: 'क्\u200Dष Agents', grantedCommissionPercent: 1 },
    });
    expect(group.statusCode, group.body).toBe(200);
  });
});
