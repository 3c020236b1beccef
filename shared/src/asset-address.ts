/**
 * Where an asset named in a brand's site configuration is: absolute URLs and site paths
 * (`/uploads/…`) as they are, plain names under the brand's `s3Url`. No imports, so the web
 * bundle takes it without zod.
 */
export function assetAddress(config: { s3Url: string }, name: string): string {
  return /^(https?:\/\/|\/)/.test(name) ? name : config.s3Url + name;
}
