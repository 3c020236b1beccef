import { createPrivateKey } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  CREDENTIAL_GATEWAYS,
  type CredentialGateway,
  GATEWAY_CREDENTIAL_FIELDS,
  type SavePaymentCredentialsRequest,
} from '#shared/payment-credentials';
import type { Db } from '../../db/client';
import { brandPaymentCredentials } from '../../db/schema/index';
import { DependencyUnavailableError, invalidFields, notFound } from '../../errors';
import type { SavedMerchantAccounts, SavedPaymentCredentials } from '../../payments/brand-gateways';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { openSecrets, sealSecrets } from '../crypto/secret-box';

export type CredentialsRow = typeof brandPaymentCredentials.$inferSelect;

/** What may be shown of one gateway's credentials: never a secret, only whether each is set. */
export interface CredentialsStatus {
  gateway: CredentialGateway;
  row: CredentialsRow | undefined;
  secretsSet: Record<string, boolean>;
}

const ofGateway = (options: { brandId: string; gateway: CredentialGateway }) =>
  and(
    eq(brandPaymentCredentials.brandId, options.brandId),
    eq(brandPaymentCredentials.gateway, options.gateway),
  );

function statusOf(
  gateway: CredentialGateway,
  row: CredentialsRow | undefined,
  key: Buffer,
): CredentialsStatus {
  const saved = row?.secretCiphertext ? openedOrNone(row.secretCiphertext, key) : {};
  const secretsSet = Object.fromEntries(
    GATEWAY_CREDENTIAL_FIELDS[gateway].secrets.map((name) => [name, Boolean(saved[name])]),
  );
  return { gateway, row, secretsSet };
}

/** The brand's credentials of every gateway (configured or not). */
export async function listPaymentCredentials(db: Db, options: { brandId: string; key: Buffer }) {
  const rows = await db
    .select()
    .from(brandPaymentCredentials)
    .where(eq(brandPaymentCredentials.brandId, options.brandId));
  return CREDENTIAL_GATEWAYS.map((gateway) =>
    statusOf(
      gateway,
      rows.find((row) => row.gateway === gateway),
      options.key,
    ),
  );
}

/**
 * Saves a gateway's merchant credentials for the brand. Secrets left out keep their saved value;
 * each is required the first time. Audited with the settings and the names of the secrets
 * changed, never their values.
 */
export async function savePaymentCredentials(
  db: Db,
  options: {
    brandId: string;
    gateway: CredentialGateway;
    request: Required<Pick<SavePaymentCredentialsRequest, 'environment'>> & {
      settings: Record<string, string>;
      secrets: Record<string, string>;
    };
    actor: AuditActor;
    key: Buffer;
  },
): Promise<CredentialsStatus> {
  const fields = GATEWAY_CREDENTIAL_FIELDS[options.gateway];
  const { settings, secrets, environment } = options.request;
  const errors: Record<string, string> = {};
  for (const name of Object.keys(settings))
    if (!(fields.settings as readonly string[]).includes(name))
      errors[`settings.${name}`] = 'Not a setting of this gateway.';
  for (const name of fields.settings) if (!settings[name]) errors[`settings.${name}`] = 'Required.';
  for (const name of Object.keys(secrets))
    if (!(fields.secrets as readonly string[]).includes(name))
      errors[`secrets.${name}`] = 'Not a secret of this gateway.';
  if (secrets.privateKeyPem) {
    try {
      createPrivateKey(secrets.privateKeyPem.replace(/\\n/g, '\n'));
    } catch {
      errors['secrets.privateKeyPem'] = 'Not a readable PEM private key.';
    }
  }
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(brandPaymentCredentials)
      .where(ofGateway(options))
      .for('update');
    const saved = existing?.secretCiphertext ? openedOrNone(existing.secretCiphertext, options.key) : {};
    const merged: Record<string, string> = { ...saved, ...secrets };
    for (const name of fields.secrets)
      if (!merged[name]) errors[`secrets.${name}`] = 'Required the first time.';
    if (Object.keys(errors).length) throw invalidFields(errors);
    const values = {
      environment,
      settings,
      secretCiphertext: sealSecrets(merged, options.key),
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(brandPaymentCredentials)
      .values({ brandId: options.brandId, gateway: options.gateway, ...values })
      .onConflictDoUpdate({
        target: [brandPaymentCredentials.brandId, brandPaymentCredentials.gateway],
        set: values,
      })
      .returning();
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'payment-credentials.update',
      entityType: 'payment-credentials',
      entityId: options.gateway,
      before: existing ? { environment: existing.environment, settings: existing.settings } : null,
      after: { environment, settings, secretsChanged: Object.keys(secrets).sort() },
    });
    return statusOf(options.gateway, row, options.key);
  });
}

/** Removes a gateway's credentials: the brand is back on the deployment's settings. Audited. */
export async function deletePaymentCredentials(
  db: Db,
  options: { brandId: string; gateway: CredentialGateway; actor: AuditActor; key: Buffer },
): Promise<CredentialsStatus> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(brandPaymentCredentials).where(ofGateway(options)).returning();
    if (!removed) throw notFound('This gateway has no saved credentials.');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'payment-credentials.delete',
      entityType: 'payment-credentials',
      entityId: options.gateway,
      before: { environment: removed.environment, settings: removed.settings },
    });
    return statusOf(options.gateway, undefined, options.key);
  });
}

const opened = (row: CredentialsRow, key: Buffer): SavedPaymentCredentials => ({
  brandId: row.brandId,
  gateway: row.gateway,
  environment: row.environment,
  settings: row.settings,
  secrets: row.secretCiphertext ? openSaved(row, row.secretCiphertext, key) : {},
});

/**
 * The console shows secrets sealed under another key (SESSION_SECRET changed) as not set, so the
 * admin is asked for them again instead of meeting an error.
 */
function openedOrNone(sealed: string, key: Buffer): Record<string, string> {
  try {
    return openSecrets(sealed, key);
  } catch {
    return {};
  }
}

/** Secrets sealed under another key (SESSION_SECRET changed) fail as a dependency, with the reason logged. */
function openSaved(row: CredentialsRow, sealed: string, key: Buffer): Record<string, string> {
  try {
    return openSecrets(sealed, key);
  } catch (error) {
    throw new DependencyUnavailableError(
      `the saved ${row.gateway} credentials of brand ${row.brandId} do not open (SESSION_SECRET changed?)`,
      { cause: error },
    );
  }
}

/** Every gateway account the brand saved, secrets opened (server only). */
export async function readBrandPaymentCredentials(
  db: Db,
  options: { brandId: string; key: Buffer },
): Promise<SavedPaymentCredentials[]> {
  const rows = await db
    .select()
    .from(brandPaymentCredentials)
    .where(eq(brandPaymentCredentials.brandId, options.brandId));
  return rows.map((row) => opened(row, options.key));
}

/** Every brand's saved account with one gateway (the sandboxes accept them as their merchants). */
export async function readGatewayPaymentCredentials(
  db: Db,
  options: { gateway: CredentialGateway; key: Buffer },
): Promise<SavedPaymentCredentials[]> {
  const rows = await db
    .select()
    .from(brandPaymentCredentials)
    .where(eq(brandPaymentCredentials.gateway, options.gateway));
  return rows.map((row) => opened(row, options.key));
}

/** The saved accounts as the gateway clients read them (app.payments), secrets opened with `key`. */
export function savedMerchantAccounts(db: Db, key: Buffer): SavedMerchantAccounts {
  return {
    ofBrand: (brandId) => readBrandPaymentCredentials(db, { brandId, key }),
    withGateway: (gateway) => readGatewayPaymentCredentials(db, { gateway, key }),
  };
}
