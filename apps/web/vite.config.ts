import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/base': api,
      '/order': api,
      '/shopping': api,
      '/api': api,
      '/healthz': api,
      // The payment sandboxes' hosted pages live on the API server.
      '/sandbox': api,
    },
  },
  // Every <style>/<script>/<link> in index.html and a <meta property="csp-nonce"> get this placeholder; the server
  // replaces it with a fresh nonce per response (apps/server/src/plugins/security-headers.ts).
  html: { cspNonce: 'PORTAL_CSP_NONCE' },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
  },
});
