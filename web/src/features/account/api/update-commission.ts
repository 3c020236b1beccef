import { API_BASE_PATH } from '#shared/constants';

export type UpdateCommissionResult =
  | { ok: true; user: Record<string, unknown> }
  | { ok: false; message: string | null };

/**
 * Seed §7: POST {api}/update-user-profile with commission_percent and the stored user token.
 * Succeeds only with HTTP 200 and success true. Throws only when no answer arrives.
 */
export async function updateCommission(
  percent: number,
  userToken: string | null,
): Promise<UpdateCommissionResult> {
  const response = await fetch(`${API_BASE_PATH}/update-user-profile`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ commission_percent: percent, 'user-token': userToken ?? '' }),
  });
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    data?: { error?: string };
  } | null;
  if (response.status === 200 && body?.success === true && body.data) return { ok: true, user: body.data };
  return { ok: false, message: body?.data?.error ?? null };
}
