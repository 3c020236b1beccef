import { and, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { UserType } from '#shared/accounts';
import type { Page } from '#shared/admin';
import type { Db } from '../../db/client';
import { containingPattern } from '../../db/like-pattern';
import { type PageRequest, pageWindow, toPage } from '../../db/paging';
import { users } from '../../db/schema/index';
import { type BrandUserRow, brandUserColumns } from './find-brand-user';

export interface ListBrandUsersOptions extends PageRequest {
  brandId: string;
  /** Part of a first or last name, e-mail or mobile number. */
  q?: string | undefined;
  type?: UserType | undefined;
  status?: 'active' | 'suspended' | undefined;
}

/** The brand's users matching the search, newest first, one page (never a platform operator). */
export async function listBrandUsers(db: Db, options: ListBrandUsersOptions): Promise<Page<BrandUserRow>> {
  const conditions: (SQL | undefined)[] = [
    eq(users.brandId, options.brandId),
    eq(users.platformOperator, false),
  ];
  if (options.q) {
    const pattern = containingPattern(options.q);
    const digits = options.q.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
        digits.length >= 3 ? ilike(users.mobile, containingPattern(digits)) : undefined,
      ),
    );
  }
  if (options.type) conditions.push(eq(users.type, options.type));
  if (options.status === 'active') conditions.push(isNull(users.suspendedAt));
  if (options.status === 'suspended') conditions.push(isNotNull(users.suspendedAt));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(options);
  const items = await db
    .select(brandUserColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  return toPage(db, items, { table: users, where }, options);
}
