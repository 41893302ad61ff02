import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { scrollAreaRefs } from './scripts/vite/scroll-area-refs.ts';
import { serviceWorker } from './scripts/vite/service-worker.ts';
import { webContracts } from './scripts/vite/web-contracts.ts';

// The web app lives in src/web and builds into dist/web, which the server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), webContracts(), scrollAreaRefs(), serviceWorker()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // No source maps in production: they would publish the whole source (docs/decisions.md).
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
