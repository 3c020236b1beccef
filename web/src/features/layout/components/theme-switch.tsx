import type { AppTheme } from '#shared/site-config';

export function ThemeSwitch(props: { theme: AppTheme; onChange: (theme: AppTheme) => void }) {
  return (
    <label className="text-sm">
      <span className="mb-1 block font-semibold text-white">Theme</span>
      <select
        value={props.theme}
        onChange={(event) => props.onChange(event.target.value as AppTheme)}
        className="rounded border border-slate-600 bg-slate-800 px-2 py-1 text-slate-100"
      >
        <option value="light">Light</option>
        <option value="dark">Dark</option>
        <option value="system">System</option>
      </select>
    </label>
  );
}
