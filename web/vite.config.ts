import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiServer = process.env.TIKAT_API_URL ?? 'http://localhost:3000';
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, at the
 * highest levels: the server sends them as they are (@fastify/static `preCompressed`), so a phone
 * downloads a third of the bytes and the server spends no time compressing.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tikat-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(assets, name);
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The chunks a page runs as it starts carry V8's explicit compile hint
 * (https://v8.dev/blog/explicit-compile-hints): Chrome then compiles their functions while the
 * file streams in, on a background thread, instead of one by one on the main thread as React
 * first calls them, which is most of a phone's first-render work. Written after minifying, which
 * drops comments.
 */
const EAGERLY_COMPILED = new Set(['framework', 'react', 'jsx-runtime']);
const compileHint = (chunk: { isEntry: boolean; name: string }) =>
  chunk.isEntry || EAGERLY_COMPILED.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : '';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      output: {
        postBanner: compileHint,
        // The search form and what it needs of this app in one chunk: the home page loads it whole
        // anyway, and one chunk compresses better than the six small ones the results and the
        // fare calendar would otherwise split it into. Libraries stay where they were.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'search-form',
              test: /web\/src\/(features\/search\/(components|api)\/|features\/search\/search-(url|rules)|lib\/dates)|shared\/src\/bikram-sambat/,
            },
            {
              name: 'framework',
              test: /node_modules\/(react-router|@tanstack\/(query-core|react-query))\//,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiServer,
      '/brand-assets': apiServer,
      '/healthz': apiServer,
    },
  },
});
