import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { StaffRole } from '#shared/staff-roles';
import { type ConsolePolicy, staffRoleMay } from '#shared/staff-roles';
import { useTranslation } from '../../lib/i18n';
import { sectionGroupsFor } from './admin-sections';
import { usePendingApprovals } from './users-and-wallets/api/approvals';

/**
 * The console's sections in labelled groups that wrap onto a second line rather than scroll, so at
 * a laptop's 1,366 px every tab is in view (docs/admin.md#the-web-console); on a phone the groups
 * fold behind a menu button.
 */
export function AdminNav(props: { role: StaffRole | null | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState(location.pathname);
  // A section chosen from the phone's menu closes it.
  if (open && openedAt !== location.pathname) {
    setOpen(false);
    setOpenedAt(location.pathname);
  }
  const groups = sectionGroupsFor(props.role);
  const pendingApprovals = usePendingApprovals(
    staffRoleMay(props.role, 'readWallets' satisfies ConsolePolicy),
  );
  const pendingCount = pendingApprovals.data?.items.length ?? 0;
  return (
    <div className="mx-auto max-w-7xl px-4">
      <button
        type="button"
        className="mb-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold md:hidden dark:border-slate-600"
        aria-expanded={open}
        aria-controls="admin-sections"
        onClick={() => {
          setOpen(!open);
          setOpenedAt(location.pathname);
        }}
      >
        {open ? t('admin.cockpit.nav.closeMenu') : t('admin.cockpit.nav.menu')}
      </button>
      <nav
        id="admin-sections"
        aria-label={t('admin.nav.label')}
        className={`${open ? 'flex' : 'hidden'} flex-col gap-2 pb-2 md:flex md:flex-row md:flex-wrap md:items-end md:gap-x-4 md:gap-y-1 md:pb-0`}
      >
        {groups.map(({ group, sections }) => (
          <div key={group} className="flex flex-col md:flex-row md:items-end">
            <p
              id={`admin-group-${group}`}
              className="px-3 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-500 md:hidden"
            >
              {t(`admin.cockpit.groups.${group}`)}
            </p>
            <ul aria-labelledby={`admin-group-${group}`} className="flex flex-col md:flex-row md:flex-wrap">
              {sections.map(({ path, label }) => (
                <li key={path}>
                  <NavLink
                    to={`/admin/${path}`}
                    className={({ isActive }) =>
                      `block whitespace-nowrap border-l-2 px-3 py-2 text-sm md:border-b-2 md:border-l-0 md:px-2.5 ${
                        isActive ? 'border-[var(--brand-primary)] font-semibold' : 'border-transparent'
                      }`
                    }
                  >
                    {t(label)}
                    {path === 'approvals' && pendingCount > 0 && (
                      <span className="ml-1 rounded-full bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">
                        {t('admin.nav.approvalsCount', { count: pendingCount })}
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
