export function MyTicketsPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">My Tickets</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Your e-tickets appear here.</p>
    </section>
  );
}
