export function FlightConfirmPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Flight confirmation</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Check your flight and add passenger details.</p>
    </section>
  );
}
