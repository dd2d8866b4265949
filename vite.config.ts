import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** Brand colours shared by the manifest (keep in step with src/ui/styles.css). */
const THEME_COLOR = '#1d4ed8';
const BACKGROUND_COLOR = '#ffffff';

export default defineConfig({
  define: {
    // One id per build, so results cached by an older engine are recomputed after an update.
    __EARNEST_BUILD__: JSON.stringify(Date.now().toString(36)),
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The update prompt imports virtual:pwa-register/react, which registers the worker.
      injectRegister: false,
      injectManifest: {
        // Vite 8 would emit an ES-module worker, which a classic registration rejects.
        rollupFormat: 'iife',
        // The shell, every lazy route chunk and worker bundle, styles, icons and sql.js's WebAssembly (Asta .pp).
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,wasm}'],
        // The plugin adds the web manifest itself; globbing it too would list it twice.
        globIgnores: ['**/node_modules/**/*', 'manifest.webmanifest'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      // The glob above already covers public/ (icons, favicon); don't list them twice.
      includeManifestIcons: false,
      manifest: {
        id: '/app',
        name: 'Earnest — Earned Value Management',
        short_name: 'Earnest',
        description: 'Earned value management for project controls people. Works offline.',
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        lang: 'en-GB',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Long-press (Android) or right-click (desktop) on the installed app's icon. Both reuse the
        // app icon: there are no separate shortcut icons.
        shortcuts: [
          {
            name: 'Projects',
            short_name: 'Projects',
            description: 'The projects stored on this device',
            url: '/app',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Import',
            short_name: 'Import',
            description: 'Import a P6, Microsoft Project, Asta or Excel schedule',
            url: '/app/import',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json maps source modules to chunks (the build test uses it).
    manifest: true,
  },
  worker: {
    format: 'es',
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/db': 'http://localhost:8080',
    },
  },
});
