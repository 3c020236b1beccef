/** Fails when the home page's initial JavaScript (scripts/home-js-weight.ts) exceeds the budget. */
import { HOME_JS_BUDGET_BYTES, homeInitialJs } from './home-js-weight';

const { files, totalBytes } = homeInitialJs();
for (const { file, gzipBytes } of files)
  console.log(`${(gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(
  `${(totalBytes / 1024).toFixed(1).padStart(7)} KB  home page initial JavaScript, gzip (budget ${HOME_JS_BUDGET_BYTES / 1024} KB)`,
);
if (totalBytes > HOME_JS_BUDGET_BYTES) {
  console.error('Over budget: split a route or drop a dependency from the entry chunk.');
  process.exit(1);
}
