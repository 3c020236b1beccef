/**
 * zod's object schemas probe for `new Function` when they are built (to compile fast
 * validators); under the site's Content-Security-Policy (no 'unsafe-eval') the browser reports the
 * probe as a violation. zod reads this global before any schema exists: the web app's entry imports
 * this module first, so every lazily loaded chunk validates without eval (and without the probe).
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
