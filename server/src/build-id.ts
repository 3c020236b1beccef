declare const TIKAT_BUILD_ID: string | undefined;

/**
 * The hash of the sources the built server was compiled from (scripts/build-server.ts writes it
 * in); undefined when the server runs from source (tsx: `npm run dev`, the tests).
 */
export const BUILD_ID: string | undefined = typeof TIKAT_BUILD_ID === 'string' ? TIKAT_BUILD_ID : undefined;
