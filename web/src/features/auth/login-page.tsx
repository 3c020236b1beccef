export function LoginPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Log In</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Log in with your e-mail or mobile number.</p>
    </section>
  );
}
