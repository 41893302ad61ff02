import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/web and builds into dist/web, which the server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react()],
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
