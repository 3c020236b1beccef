import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">The page you asked for does not exist.</p>
      <Link to="/" className="mt-6 inline-block rounded-full bg-brand px-5 py-2 text-brand-contrast">
        Search flights
      </Link>
    </section>
  );
}
