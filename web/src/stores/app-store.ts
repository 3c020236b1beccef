import { createJSONStorage, persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';

/** One leg of a multi-city search (spec §3). */
export interface SearchSegment {
  depart_city: string;
  dest_city: string;
  depart_date: string;
}

/** Search parameters (spec §3), with the seed's defaults. */
export interface FlightParams {
  user_type: string;
  trip_type: TripType;
  depart_city: string;
  depart_code: string;
  dest_city: string;
  dest_code: string;
  depart_date: string;
  return_date: string;
  nationality_name: string;
  nationality_code: string;
  adults: number;
  children: number;
  infants: number;
  flight_class: string;
  segments: SearchSegment[];
}

export type TripType = 'oneway' | 'roundtrip' | 'multicity';

/** The signed-in user as the store holds it (spec §3 "store user"). */
export interface UserDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  type: string;
  wallet_balance?: number;
  wallet_currency?: string;
  commission_percent: number;
  [key: string]: unknown;
}

export interface ModalData {
  status: boolean;
  title: string;
  /** HTML content; sanitised before it is shown. */
  content: string;
  confirmText: string;
  cancelText: string;
  handleConfirm: (() => void | Promise<void>) | null;
  handleCancel: (() => void) | null;
}

// Shapes of flights, passengers and summaries are decided by the booking flow (seed: not shown).
type Opaque = Record<string, unknown>;

export interface AppState {
  search: { airports: Opaque[]; countries: Opaque[] };
  flight: {
    tripType: TripType;
    departCode: string;
    returnCode: string;
    params: FlightParams;
    inbound: { departFlights: Opaque[]; returnFlights: Opaque[] };
    departFlight: Opaque | null;
    returnFlight: Opaque | null;
    /** Every chosen offer in leg order (a multi-city trip has up to 5); leg 0 and 1 mirror departFlight/returnFlight. */
    selectedOffers: Opaque[];
    availabilitySummary: Opaque | null;
  };
  booking: {
    passengers: Opaque[];
    summaryType: string;
    bookingSummary: Opaque | null;
    paymentSummary: Opaque | null;
    ticketSummary: Opaque | null;
    selectedPaymentOption: string | null;
  };
  user: UserDetails | null;
  modal: ModalData;
  /** Transient flags, never persisted. */
  ui: { isMobile: boolean; inputFocused: boolean; hideNavbar: boolean; profileLoading: boolean };
}

export interface AppActions {
  setAirports(airports: Opaque[] | Error): void;
  setCountries(countries: Opaque[] | Error): void;
  setTripType(tripType: TripType): void;
  setParams(params: Partial<FlightParams>): void;
  setParam<K extends keyof FlightParams>(key: K, value: FlightParams[K]): void;
  replaceParams(params: FlightParams): void;
  clearParams(): void;
  clearFlightSearch(): void;
  setInbound(key: 'departFlights' | 'returnFlights', flights: Opaque[]): void;
  setDepartFlight(flight: Opaque | null): void;
  setReturnFlight(flight: Opaque | null): void;
  clearSelectedFlights(): void;
  setSelectedOffers(offers: Opaque[]): void;
  setAvailabilitySummary(summary: Opaque | null): void;
  setPassengers(passengers: Opaque[]): void;
  clearPassengers(): void;
  setManualBooking(summaryType: string, bookingSummary: Opaque): void;
  setBookingSummary(summary: Opaque | null): void;
  setSelectedPaymentOption(option: string | null): void;
  setPaymentAndTicketSummary(paymentSummary: Opaque, ticketSummary: Opaque): void;
  setPaymentSummary(summary: Opaque | null): void;
  setTicketSummary(summary: Opaque | null): void;
  clearBookingState(): void;
  setUserDetails(user: UserDetails): void;
  clearUserDetails(): void;
  setCommission(percent: number | string): void;
  setModal(data: Partial<ModalData>): void;
  resetModal(): void;
  setIsMobile(isMobile: boolean): void;
  setInputFocused(focused: boolean): void;
  setHideNavbar(hide: boolean): void;
  setProfileLoading(loading: boolean): void;
}

export type AppStore = AppState & AppActions;

const emptySegment = (): SearchSegment => ({ depart_city: '', dest_city: '', depart_date: '' });

export const defaultParams = (): FlightParams => ({
  user_type: 'agent',
  trip_type: 'oneway',
  depart_city: '',
  depart_code: '',
  dest_city: '',
  dest_code: '',
  depart_date: '',
  return_date: '',
  nationality_name: '',
  nationality_code: '',
  adults: 1,
  children: 0,
  infants: 0,
  flight_class: '',
  segments: [emptySegment(), emptySegment()],
});

const defaultModal = (): ModalData => ({
  status: false,
  title: '',
  content: '',
  confirmText: '',
  cancelText: '',
  handleConfirm: null,
  handleCancel: null,
});

export const initialState = (): AppState => ({
  search: { airports: [], countries: [] },
  flight: {
    tripType: 'oneway',
    departCode: '',
    returnCode: '',
    params: defaultParams(),
    inbound: { departFlights: [], returnFlights: [] },
    departFlight: null,
    returnFlight: null,
    selectedOffers: [],
    availabilitySummary: null,
  },
  booking: {
    passengers: [],
    summaryType: 'default',
    bookingSummary: null,
    paymentSummary: null,
    ticketSummary: null,
    selectedPaymentOption: null,
  },
  user: null,
  modal: defaultModal(),
  ui: { isMobile: false, inputFocused: false, hideNavbar: false, profileLoading: false },
});

/**
 * The one client store (spec §3–§4), persisted to localStorage under the brand's `stateName`
 * and restored at start. Modal handlers (functions) and transient UI flags are not persisted;
 * no secret is ever put in it.
 */
export function createAppStore(storageKey: string) {
  return createStore<AppStore>()(
    persist(
      (set) => {
        const flight = (patch: Partial<AppState['flight']>) =>
          set((s) => ({ flight: { ...s.flight, ...patch } }));
        const booking = (patch: Partial<AppState['booking']>) =>
          set((s) => ({ booking: { ...s.booking, ...patch } }));
        return {
          ...initialState(),
          setAirports: (airports) =>
            set((s) => ({ search: { ...s.search, airports: airports instanceof Error ? [] : airports } })),
          setCountries: (countries) =>
            set((s) => ({ search: { ...s.search, countries: countries instanceof Error ? [] : countries } })),
          setTripType: (tripType) => flight({ tripType }),
          setParams: (params) =>
            set((s) => ({ flight: { ...s.flight, params: { ...s.flight.params, ...params } } })),
          setParam: (key, value) =>
            set((s) => ({ flight: { ...s.flight, params: { ...s.flight.params, [key]: value } } })),
          replaceParams: (params) => flight({ params }),
          clearParams: () => flight({ params: defaultParams() }),
          clearFlightSearch: () =>
            flight({
              params: defaultParams(),
              tripType: 'oneway',
              inbound: { departFlights: [], returnFlights: [] },
            }),
          setInbound: (key, flights) =>
            set((s) => ({ flight: { ...s.flight, inbound: { ...s.flight.inbound, [key]: flights } } })),
          setDepartFlight: (departFlight) => flight({ departFlight }),
          setReturnFlight: (returnFlight) => flight({ returnFlight }),
          clearSelectedFlights: () => flight({ departFlight: null, returnFlight: null, selectedOffers: [] }),
          setSelectedOffers: (offers) =>
            flight({
              selectedOffers: offers,
              departFlight: offers[0] ?? null,
              returnFlight: offers[1] ?? null,
            }),
          setAvailabilitySummary: (availabilitySummary) => flight({ availabilitySummary }),
          setPassengers: (passengers) => booking({ passengers }),
          clearPassengers: () => booking({ passengers: [] }),
          setManualBooking: (summaryType, bookingSummary) => booking({ summaryType, bookingSummary }),
          setBookingSummary: (bookingSummary) => booking({ bookingSummary }),
          setSelectedPaymentOption: (selectedPaymentOption) => booking({ selectedPaymentOption }),
          setPaymentAndTicketSummary: (paymentSummary, ticketSummary) =>
            booking({ paymentSummary, ticketSummary }),
          setPaymentSummary: (paymentSummary) => booking({ paymentSummary }),
          setTicketSummary: (ticketSummary) => booking({ ticketSummary }),
          clearBookingState: () =>
            booking({ passengers: [], bookingSummary: {}, paymentSummary: null, ticketSummary: null }),
          setUserDetails: (user) => set({ user }),
          clearUserDetails: () => set({ user: null }),
          setCommission: (percent) =>
            set((s) => (s.user ? { user: { ...s.user, commission_percent: Number(percent) } } : {})),
          setModal: (data) => set((s) => ({ modal: { ...s.modal, ...data } })),
          resetModal: () => set({ modal: defaultModal() }),
          setIsMobile: (isMobile) => set((s) => ({ ui: { ...s.ui, isMobile } })),
          setInputFocused: (inputFocused) => set((s) => ({ ui: { ...s.ui, inputFocused } })),
          setHideNavbar: (hideNavbar) => set((s) => ({ ui: { ...s.ui, hideNavbar } })),
          setProfileLoading: (profileLoading) => set((s) => ({ ui: { ...s.ui, profileLoading } })),
        };
      },
      {
        name: storageKey,
        storage: createJSONStorage(() => localStorage),
        version: 1,
        partialize: (state) => ({
          search: state.search,
          flight: state.flight,
          booking: state.booking,
          user: state.user,
          modal: { ...state.modal, handleConfirm: null, handleCancel: null },
        }),
        merge: (persisted, current) => {
          const saved = (persisted ?? {}) as Partial<AppState>;
          return {
            ...current,
            ...saved,
            flight: { ...current.flight, ...saved.flight },
            booking: { ...current.booking, ...saved.booking },
            modal: { ...current.modal, ...saved.modal, handleConfirm: null, handleCancel: null },
            ui: current.ui,
          };
        },
      },
    ),
  );
}

export type AppStoreApi = ReturnType<typeof createAppStore>;
