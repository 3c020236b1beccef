import { Component, type ComponentType, lazy as lazyComponent, type ReactNode } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router';
import { adminRoutes } from '../features/admin/admin-routes';
import { loadPageStrings } from '../lib/i18n';
import { RootLayout } from './layout/components/root-layout';
import { RouteError } from './layout/components/route-error';

/**
 * A page that failed to draw or to load (a chunk offline) shows the error page in place of its
 * layout, until the next navigation.
 */
class RouteErrorBoundary extends Component<
  { children: ReactNode; fallback: ReactNode; locationKey: string },
  { failed: boolean; locationKey: string }
> {
  override state = { failed: false, locationKey: this.props.locationKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { locationKey: string }, state: { locationKey: string }) {
    return props.locationKey === state.locationKey ? null : { failed: false, locationKey: props.locationKey };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function WithErrorElement({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return (
    <RouteErrorBoundary fallback={fallback} locationKey={useLocation().key}>
      {children}
    </RouteErrorBoundary>
  );
}

/**
 * The route table for the declarative router (`useRoutes`, which ships without the data router's
 * code): each `lazy` page becomes a lazily loaded component, loaded with the pages' strings
 * (lib/i18n.ts) unless it is an index page; an `errorElement` becomes an error boundary. The
 * router navigates in a transition, so the page shown stays until the next one has loaded, and
 * the server's first paint stays until the first page has.
 */
function toRoutesElements(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children, errorElement, ...rest } = route;
    let element = route.element;
    if (typeof lazy === 'function') {
      const Page = lazyComponent(() =>
        Promise.all([lazy(), route.index ? undefined : loadPageStrings()]).then(([module]) => ({
          default: module.Component as ComponentType,
        })),
      );
      element = <Page />;
    }
    if (errorElement) element = <WithErrorElement fallback={errorElement}>{element}</WithErrorElement>;
    return {
      ...rest,
      element,
      ...(children ? { children: toRoutesElements(children) } : {}),
    } as RouteObject;
  });
}

/** The routes of spec §2 and the admin console (spec §15.1); each page loads on demand. */
const routes = toRoutesElements([
  {
    path: 'admin',
    errorElement: <RouteError />,
    lazy: () => import('../features/admin/admin-layout').then((m) => ({ Component: m.AdminLayout })),
    children: adminRoutes,
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        lazy: () => import('../features/search/home-page').then((m) => ({ Component: m.HomePage })),
      },
      {
        path: 'auth/login',
        lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'auth/signup',
        lazy: () => import('../features/auth/signup-page').then((m) => ({ Component: m.SignupPage })),
      },
      {
        path: 'auth/forgot-password',
        lazy: () =>
          import('../features/auth/forgot-password-page').then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
      },
      {
        path: 'auth/reset-password',
        lazy: () =>
          import('../features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: 'auth/accept-invitation',
        lazy: () =>
          import('../features/auth/accept-invitation-page').then((m) => ({
            Component: m.AcceptInvitationPage,
          })),
      },
      {
        path: 'auth/password',
        lazy: () =>
          import('../features/auth/change-password-page').then((m) => ({
            Component: m.ChangePasswordPage,
          })),
      },
      {
        path: 'user/bookings',
        lazy: () =>
          import('../features/user/my-bookings-page').then((m) => ({ Component: m.MyBookingsPage })),
      },
      {
        path: 'user/tickets',
        lazy: () => import('../features/user/my-tickets-page').then((m) => ({ Component: m.MyTicketsPage })),
      },
      {
        path: 'account/tax-details',
        lazy: () =>
          import('../features/account/tax-details-page').then((m) => ({ Component: m.TaxDetailsPage })),
      },
      {
        path: 'account/wallet',
        lazy: () => import('../features/account/wallet-page').then((m) => ({ Component: m.WalletPage })),
      },
      {
        path: 'account/sessions',
        lazy: () => import('../features/account/sessions-page').then((m) => ({ Component: m.SessionsPage })),
      },
      {
        path: 'account/api-keys',
        lazy: () => import('../features/account/api-keys-page').then((m) => ({ Component: m.ApiKeysPage })),
      },
      {
        path: 'account/webhooks',
        lazy: () => import('../features/account/webhooks-page').then((m) => ({ Component: m.WebhooksPage })),
      },
      {
        path: 'account/sub-agents',
        lazy: () =>
          import('../features/account/sub-agents-page').then((m) => ({ Component: m.SubAgentsPage })),
      },
      {
        path: 'account/price-alerts',
        lazy: () =>
          import('../features/price-alerts/price-alerts-page').then((m) => ({
            Component: m.PriceAlertsPage,
          })),
      },
      {
        path: 'booking',
        lazy: () => import('../features/booking/booking-page').then((m) => ({ Component: m.BookingPage })),
      },
      {
        path: 'flight-search',
        lazy: () =>
          import('../features/search/flight-search-page').then((m) => ({ Component: m.FlightSearchPage })),
      },
      {
        path: 'fare-calendar',
        lazy: () =>
          import('../features/search/fare-calendar-page').then((m) => ({ Component: m.FareCalendarPage })),
      },
      {
        path: 'Booking/FlightConfirm',
        lazy: () =>
          import('../features/booking/flight-confirm-page').then((m) => ({
            Component: m.FlightConfirmPage,
          })),
      },
      {
        path: 'Booking/BookingConfirm',
        lazy: () =>
          import('../features/booking/booking-confirm-page').then((m) => ({
            Component: m.BookingConfirmPage,
          })),
      },
      {
        path: '*',
        lazy: () => import('./layout/components/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
]);

/** The page of the current address, within its layouts. */
export function AppRoutes() {
  return useRoutes(routes);
}
