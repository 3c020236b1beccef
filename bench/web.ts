/**
 * `npm run bench:web`: Lighthouse (mobile, simulated throttling) on the home page and a results
 * page of the built web app, served by the real server on an in-memory database, in Debian's
 * Chromium. Prints the four category scores per page: a report, not a CI gate.
 */
import { spawn } from 'node:child_process';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** `-- --json`: also print one `BENCH_JSON {…}` line with the scores (read by `npm run bench`). */
const JSON_OUTPUT = process.argv.includes('--json');
const scores: Record<string, Record<string, number>> = {};
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3170);
const base = `http://localhost:${PORT}`;
const tomorrow = new Date(Date.now() + 30 * 3_600_000).toISOString().slice(0, 10);
const pages = {
  home: `${base}/`,
  results: `${base}/flight-search?trip=oneway&from=KTM&to=PKR&date=${tomorrow}&adults=1&nat=NP`,
};

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

const server = spawn('npx', ['tsx', 'server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-web-secret-bench-web-secret-123',
    PAYMENT_SANDBOX: 'true',
  },
  stdio: 'inherit',
  // Its own process group, so stopping it also stops the node process npx starts.
  detached: true,
});
const stopServer = () => {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
};
try {
  await waitForServer();
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    console.log('page      performance  accessibility  best-practices  seo');
    for (const [name, url] of Object.entries(pages)) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
      });
      if (result?.lhr.runtimeError)
        console.log(`${name}: Lighthouse could not measure: ${result.lhr.runtimeError.message}`);
      const categories = result?.lhr.categories ?? {};
      const score = (key: string) => String(Math.round((categories[key]?.score ?? 0) * 100)).padStart(3);
      scores[name] = Object.fromEntries(
        ['performance', 'accessibility', 'best-practices', 'seo'].map((key) => [
          key,
          Math.round((categories[key]?.score ?? 0) * 100),
        ]),
      );
      console.log(
        `${name.padEnd(9)} ${score('performance')}          ${score('accessibility')}            ${score('best-practices')}             ${score('seo')}`,
      );
      const failing = Object.values(result?.lhr.audits ?? {})
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      if (failing.length) console.log(`          below par: ${failing.join(', ')}`);
      const audits = result?.lhr.audits ?? {};
      const metric = (id: string) => audits[id]?.displayValue ?? '?';
      console.log(
        `          FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
      );
    }
    if (JSON_OUTPUT) console.log(`BENCH_JSON ${JSON.stringify({ pages: scores })}`);
  } finally {
    await chrome.kill();
  }
} finally {
  stopServer();
}
