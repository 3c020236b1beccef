import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore, defaultParams } from './app-store';

/** A localStorage for Node: what the store persists is what a browser would keep. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

const KEY = 'SajiloTravelsState';
let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as { localStorage?: unknown }).localStorage = storage;
});

describe('client state (spec §3–§4)', () => {
  it('starts from the seed defaults', () => {
    const s = createAppStore(KEY).getState();
    expect(s.search).toEqual({ airports: [], countries: [] });
    expect(s.flight.tripType).toBe('oneway');
    expect([s.flight.departCode, s.flight.returnCode]).toEqual(['', '']);
    expect(s.flight.params).toMatchObject({
      user_type: 'agent',
      trip_type: 'oneway',
      adults: 1,
      children: 0,
      infants: 0,
    });
    expect(s.flight.params.segments).toEqual([
      { depart_city: '', dest_city: '', depart_date: '' },
      { depart_city: '', dest_city: '', depart_date: '' },
    ]);
    expect(s.flight.inbound).toEqual({ departFlights: [], returnFlights: [] });
    expect([s.flight.departFlight, s.flight.returnFlight, s.flight.availabilitySummary]).toEqual([
      null,
      null,
      null,
    ]);
    expect(s.booking).toEqual({
      passengers: [],
      summaryType: 'default',
      bookingSummary: null,
      paymentSummary: null,
      ticketSummary: null,
      selectedPaymentOption: null,
    });
    expect(s.user).toBeNull();
    expect(s.modal).toMatchObject({ status: false, title: '', content: '', confirmText: '', cancelText: '' });
  });

  it('replaces airports and countries when loaded and empties them on a load error', () => {
    const store = createAppStore(KEY);
    store.getState().setAirports([{ code: 'KTM' }]);
    store.getState().setCountries([{ code: 'NP' }]);
    expect(store.getState().search).toEqual({ airports: [{ code: 'KTM' }], countries: [{ code: 'NP' }] });
    store.getState().setAirports(new Error('offline'));
    expect(store.getState().search.airports).toEqual([]);
  });

  it('sets params in full, by key, wholesale, and clears them; clearing everything resets trip type and inbound', () => {
    const store = createAppStore(KEY);
    const s = () => store.getState();
    s().setTripType('roundtrip');
    s().setParams({ depart_code: 'KTM', dest_code: 'PKR' });
    s().setParam('adults', 2);
    expect(s().flight.params).toMatchObject({
      depart_code: 'KTM',
      dest_code: 'PKR',
      adults: 2,
      user_type: 'agent',
    });
    s().replaceParams({ ...defaultParams(), dest_code: 'DEL' });
    expect(s().flight.params.depart_code).toBe('');
    s().clearParams();
    expect(s().flight.params).toEqual(defaultParams());
    s().setInbound('departFlights', [{ id: 'a' }]);
    s().setParams({ depart_code: 'KTM' });
    s().clearFlightSearch();
    expect(s().flight.tripType).toBe('oneway');
    expect(s().flight.params).toEqual(defaultParams());
    expect(s().flight.inbound).toEqual({ departFlights: [], returnFlights: [] });
  });

  it('selects and clears depart and return flights, alone or together, and keeps the availability summary', () => {
    const store = createAppStore(KEY);
    const s = () => store.getState();
    s().setDepartFlight({ id: 'out' });
    s().setReturnFlight({ id: 'back' });
    s().setDepartFlight(null);
    expect([s().flight.departFlight, s().flight.returnFlight]).toEqual([null, { id: 'back' }]);
    s().setDepartFlight({ id: 'out' });
    s().clearSelectedFlights();
    expect([s().flight.departFlight, s().flight.returnFlight]).toEqual([null, null]);
    s().setAvailabilitySummary({ ok: true });
    expect(s().flight.availabilitySummary).toEqual({ ok: true });
  });

  it('handles passengers, manual bookings, payment and ticket summaries, and clears booking state', () => {
    const store = createAppStore(KEY);
    const s = () => store.getState();
    s().setPassengers([{ name: 'Sita' }]);
    s().setManualBooking('manual', { pnr: 'ABC234' });
    expect(s().booking).toMatchObject({ summaryType: 'manual', bookingSummary: { pnr: 'ABC234' } });
    s().setSelectedPaymentOption('esewa');
    s().setPaymentAndTicketSummary({ paid: true }, { tickets: 1 });
    expect(s().booking).toMatchObject({ paymentSummary: { paid: true }, ticketSummary: { tickets: 1 } });
    s().setTicketSummary({ tickets: 2 });
    expect(s().booking.ticketSummary).toEqual({ tickets: 2 });
    s().clearBookingState();
    expect(s().booking).toMatchObject({
      passengers: [],
      bookingSummary: {},
      paymentSummary: null,
      ticketSummary: null,
    });
    s().clearPassengers();
    expect(s().booking.passengers).toEqual([]);
  });

  it('stores user details, sets the commission as a number on them, and clears them', () => {
    const store = createAppStore(KEY);
    const s = () => store.getState();
    s().setCommission(5);
    expect(s().user).toBeNull();
    s().setUserDetails({
      firstName: 'Ram',
      lastName: 'Thapa',
      email: 'r@x.np',
      phone: '9801234567',
      type: 'agent',
      commission_percent: 0,
    });
    s().setCommission('7.5');
    expect(s().user?.commission_percent).toBe(7.5);
    s().clearUserDetails();
    expect(s().user).toBeNull();
  });

  it('sets the modal with data and resets it to defaults', () => {
    const store = createAppStore(KEY);
    store.getState().setModal({ status: true, title: 'Price changed', confirmText: 'Continue' });
    expect(store.getState().modal).toMatchObject({
      status: true,
      title: 'Price changed',
      confirmText: 'Continue',
      cancelText: '',
    });
    store.getState().resetModal();
    expect(store.getState().modal.status).toBe(false);
  });

  it('persists to localStorage under the brand key and restores from it, without functions or UI flags', () => {
    const first = createAppStore(KEY);
    first.getState().setParams({ depart_code: 'KTM' });
    first.getState().setModal({ status: true, handleConfirm: () => {} });
    first.getState().setHideNavbar(true);
    const saved = JSON.parse(storage.getItem(KEY) as string);
    expect(saved.state.flight.params.depart_code).toBe('KTM');
    expect(saved.state.modal.handleConfirm).toBeNull();
    expect(saved.state.ui).toBeUndefined();

    const restored = createAppStore(KEY).getState();
    expect(restored.flight.params.depart_code).toBe('KTM');
    expect(restored.ui.hideNavbar).toBe(false);
    expect(restored.flight.params.segments).toHaveLength(2);
  });
});
