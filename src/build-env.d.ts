/** Set by vite.config.ts `define`: a new value every production build (see workers/data.worker.ts). */
declare const __EARNEST_BUILD__: string | undefined;
