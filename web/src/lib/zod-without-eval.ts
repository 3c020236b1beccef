import { config } from 'zod';

/**
 * zod's compiled validators probe for `new Function` on first use; under the site's strict
 * Content-Security-Policy (no 'unsafe-eval') the browser reports that probe as a violation.
 * Import this module (for its effect) in every chunk that validates with zod.
 */
config({ jitless: true });
