import { queryOptions } from '@tanstack/react-query';
import type { AvailabilityResponse } from '#shared/flights';
import { apiPost } from '../../../lib/api-client';

type OfferPrice = { id: string; total: number };

/** POST /flights/availability: are the chosen offers still bookable at the price shown? */
export const checkAvailability = (offers: OfferPrice[]) =>
  apiPost<AvailabilityResponse>('/flights/availability', { offers });

/** Checked afresh each time the confirm page opens (never from cache), and not retried. */
export const availabilityQueryOptions = (offers: OfferPrice[]) =>
  queryOptions({
    queryKey: ['availability', offers.map((offer) => `${offer.id}:${offer.total}`)],
    queryFn: () => checkAvailability(offers),
    retry: false,
    staleTime: 0,
  });
