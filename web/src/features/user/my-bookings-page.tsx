export function MyBookingsPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">My Bookings</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Your bookings appear here.</p>
    </section>
  );
}
