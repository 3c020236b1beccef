export interface GatewayAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

export type GatewayCall = { ok: true; answer: GatewayAnswer } | { ok: false; reason: string };

/**
 * One HTTP call to a gateway with a deadline. Never throws: a timeout or a connection failure
 * comes back as a reason, so that callers treat it as "not verified".
 */
export async function callGateway(url: string, init: RequestInit, timeoutMs: number): Promise<GatewayCall> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, reason: `the gateway did not answer within ${timeoutMs} ms` };
    }
    return { ok: false, reason: `the gateway could not be reached (${(error as Error).message})` };
  }
  return { ok: true, answer: { status: response.status, json: parseJson(text) } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Describes an answer that is not what the protocol promises, for a rejection reason. */
export function unexpectedAnswer(answer: GatewayAnswer): string {
  return answer.json === undefined
    ? `the gateway answered HTTP ${answer.status} with a body that is not JSON`
    : `the gateway answered HTTP ${answer.status} with an unexpected body`;
}
