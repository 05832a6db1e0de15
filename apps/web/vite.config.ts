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
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
  },
});
