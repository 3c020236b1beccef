export function BookingConfirmPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Booking confirmation</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Review your booking and choose how to pay.</p>
    </section>
  );
}
