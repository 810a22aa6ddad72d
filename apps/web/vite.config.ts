import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { COMPRESS_MIN_BYTES } from './scripts/check-bundle.ts';

/** Paths the Waymark server answers; in development Vite forwards them so cookies stay same-origin. */
const API_PREFIXES = ['/v1', '/v2', '/app', '/ping', '/config', '/api'];
const API_TARGET = 'http://localhost:8080';

/**
 * Libraries every page needs, grouped into long-lived vendor chunks, so a deploy of app code keeps them cached.
 * PrimeReact is not grouped: each component goes with the pages that use it (all of it in one chunk was 592 kB,
 * loaded by every first visit), so the first load stays within its budget (scripts/check-bundle.ts).
 */
const VENDOR_GROUPS = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  // zodConfig.ts rides with zod: this chunk runs before the contract's schemas are built (see that module).
  {
    name: 'vendor-data',
    test: /node_modules[\\/](@tanstack|axios|zustand|zod)[\\/]|[\\/]src[\\/]app[\\/]zodConfig\.ts$/,
  },
  // MapLibre GL JS, one prebuilt module of 1 MB, loaded only by the Map tab (its limit: scripts/check-bundle.ts).
  { name: 'vendor-maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/ },
];

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside each asset (`x.js.br`, `x.js.gz`), which the server sends to browsers that
    // accept them (`@fastify/static`'s `preCompressed`); a copy not smaller than its file is left out.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: COMPRESS_MIN_BYTES }),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each module loads, for the bundle check (scripts/check-bundle.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
