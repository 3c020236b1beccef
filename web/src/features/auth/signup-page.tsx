export function SignupPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Sign Up</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Create an account to book and manage your flights.
      </p>
    </section>
  );
}
