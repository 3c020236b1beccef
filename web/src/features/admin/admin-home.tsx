import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { meQueryOptions } from '../../lib/session/get-me';
import { sectionsFor } from './admin-sections';

/** /admin: the first section the signed-in role may use: the dashboard, for every role. */
export function AdminHome() {
  const me = useQuery(meQueryOptions());
  const first = sectionsFor(me.data?.staff_role)[0];
  return first ? <Navigate to={first.path} replace /> : null;
}
