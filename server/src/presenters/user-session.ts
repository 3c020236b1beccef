import type { UserSessionDetails } from '#shared/accounts';
import type { UserSession } from '../domain/sessions/user-sessions';

export function presentUserSession(session: UserSession): UserSessionDetails {
  return {
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
    current: session.current,
  };
}
