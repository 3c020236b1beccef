import type { CreateOrderPassenger } from '@duffel/api/types';
import type { SupplierContact, SupplierTraveller } from './supplier';

const TITLES = { Mr: 'mr', Mrs: 'mrs', Ms: 'ms', Miss: 'miss', Mstr: 'mr' } as const;
const rank = { adult: 0, child: 1, infant: 2 } as const;

/**
 * The booking's passengers as Duffel's order wants them (`POST /air/orders`), each with the id
 * Duffel gave that passenger in the offer. Duffel's ids come adults first, then children, then
 * infants (`supplier_quote.passenger_ids`); the travellers are matched in that order, and each
 * infant is put on an adult's lap (`infant_passenger_id`), the first infant on the first adult.
 * Answers the passengers and, per traveller in the booking's order, its Duffel id.
 */
export function duffelOrderPassengers(
  travellers: SupplierTraveller[],
  passengerIds: string[],
  contact: SupplierContact,
): { passengers: CreateOrderPassenger[]; idOf: string[] } {
  const order = travellers
    .map((traveller, index) => ({ traveller, index }))
    .sort((a, b) => rank[a.traveller.type] - rank[b.traveller.type] || a.index - b.index);
  const idOf: string[] = new Array(travellers.length);
  order.forEach(({ index }, n) => {
    idOf[index] = passengerIds[n] ?? '';
  });
  const infants = order.filter(({ traveller }) => traveller.type === 'infant');
  const passengers = order.map(({ traveller, index }) => {
    const adultIndex = order.filter((o) => o.traveller.type === 'adult').findIndex((o) => o.index === index);
    const infant = adultIndex >= 0 ? infants[adultIndex] : undefined;
    const passenger: CreateOrderPassenger = {
      id: idOf[index] as string,
      title: TITLES[traveller.title],
      gender: traveller.gender === 'female' ? 'f' : 'm',
      given_name: traveller.firstName,
      family_name: traveller.lastName,
      born_on: traveller.dateOfBirth ?? '',
      email: contact.email,
      phone_number: contact.mobile,
      ...(infant ? { infant_passenger_id: idOf[infant.index] as string } : {}),
      ...(traveller.passportNumber && traveller.passportExpiry
        ? {
            identity_documents: [
              {
                type: 'passport' as const,
                unique_identifier: traveller.passportNumber,
                expires_on: traveller.passportExpiry,
                issuing_country_code: traveller.passportCountry ?? traveller.nationality,
              },
            ],
          }
        : {}),
    };
    return passenger;
  });
  return { passengers, idOf };
}
