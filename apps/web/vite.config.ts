import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Paths the Waymark server answers; in development Vite forwards them so cookies stay same-origin. */
const API_PREFIXES = ['/v1', '/v2', '/app', '/ping', '/config', '/api'];
const API_TARGET = 'http://localhost:8080';

/** Libraries grouped into long-lived vendor chunks, so a deploy of app code keeps them cached. */
const VENDOR_GROUPS = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  { name: 'vendor-prime', test: /node_modules[\\/](primereact|react-transition-group)[\\/]/ },
  // zodConfig.ts rides with zod: this chunk runs before the contract's schemas are built (see that module).
  {
    name: 'vendor-data',
    test: /node_modules[\\/](@tanstack|axios|zustand|zod)[\\/]|[\\/]src[\\/]app[\\/]zodConfig\.ts$/,
  },
];

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
