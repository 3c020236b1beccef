import { describe, expect, it } from 'vitest';
import { duffelOrderPassengers } from './duffel-order-passengers';
import type { SupplierTraveller } from './supplier';

const person = (type: SupplierTraveller['type'], firstName: string, extra: Partial<SupplierTraveller> = {}) =>
  ({
    type,
    title: type === 'adult' ? 'Mrs' : 'Miss',
    firstName,
    lastName: 'Rai',
    gender: 'female',
    dateOfBirth: type === 'infant' ? '2026-03-01' : type === 'child' ? '2018-03-01' : '1988-03-01',
    nationality: 'NP',
    passportNumber: null,
    passportExpiry: null,
    passportCountry: null,
    ...extra,
  }) satisfies SupplierTraveller;

describe("the booking's passengers as Duffel's order names them", () => {
  it("matches Duffel's ids adults first, children, then infants, each infant on an adult's lap", () => {
    const travellers = [
      person('infant', 'Maya'),
      person('child', 'Asha'),
      person('adult', 'Kamala', {
        passportNumber: 'PA1',
        passportExpiry: '2032-01-01',
        passportCountry: 'IN',
      }),
    ];
    const { passengers, idOf } = duffelOrderPassengers(travellers, ['pas_adult', 'pas_child', 'pas_infant'], {
      email: 'kamala@example.com',
      mobile: '+9779812345678',
    });
    expect(idOf).toEqual(['pas_infant', 'pas_child', 'pas_adult']);
    expect(passengers.map((p) => [p.id, p.given_name])).toEqual([
      ['pas_adult', 'Kamala'],
      ['pas_child', 'Asha'],
      ['pas_infant', 'Maya'],
    ]);
    expect(passengers[0]).toMatchObject({
      title: 'mrs',
      gender: 'f',
      born_on: '1988-03-01',
      infant_passenger_id: 'pas_infant',
      email: 'kamala@example.com',
      phone_number: '+9779812345678',
      identity_documents: [
        { type: 'passport', unique_identifier: 'PA1', expires_on: '2032-01-01', issuing_country_code: 'IN' },
      ],
    });
    expect(passengers[1]?.infant_passenger_id).toBeUndefined();
    expect(passengers[1]?.identity_documents).toBeUndefined();
  });
});
