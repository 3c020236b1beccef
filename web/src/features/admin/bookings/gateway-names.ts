const GATEWAY_NAMES: Record<string, string> = { esewa: 'eSewa', khalti: 'Khalti', connectips: 'ConnectIPS' };

/** A payment method as its gateway spells its name ("esewa" → "eSewa"). */
export const gatewayName = (method: string) => GATEWAY_NAMES[method] ?? method;
