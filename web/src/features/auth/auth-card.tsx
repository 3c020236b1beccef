import type { ReactNode } from 'react';

export function AuthCard(props: {
  title: string;
  intro: string;
  children?: ReactNode;
  error?: string | null;
}) {
  return (
    <section className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <h1 className="text-2xl font-semibold">{props.title}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{props.intro}</p>
      {props.error && (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {props.error}
        </p>
      )}
      <div className="mt-5">{props.children}</div>
    </section>
  );
}
