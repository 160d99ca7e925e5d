import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
// Relative: the config's bundler leaves workspace packages to Node, which cannot load their TypeScript.
import { EARLY_REQUEST_SCRIPT } from '../../packages/shared/src/constants/early-request';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { common } from './src/copy/common';
import { theme } from './src/theme';

const api = process.env.API_URL ?? 'http://localhost:3000';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|webmanifest)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else yield file;
  }
}

/**
 * Writes `.br` and `.gz` next to every text asset of the build, so the API (@fastify/static with
 * `preCompressed: true`) sends them without compressing on each request. A variant that would not be
 * smaller than the original is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'staybook:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        jobs.push(
          (async () => {
            const source = await readFile(file);
            const [gz, br] = await Promise.all([
              gzipAsync(source, { level: 9 }),
              brotliAsync(source, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
            ]);
            if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
            if (br.length < source.length) await writeFile(`${file}.br`, br);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}

/**
 * zod probes `new Function` once to decide whether to compile object parsers. Our Content-Security-Policy has no
 * 'unsafe-eval', so the probe is blocked and the browser reports a CSP violation on every page that parses with
 * zod. In the browser build zod starts jitless (`z.config({ jitless: true })` before any schema runs).
 */
function zodJitless(): Plugin {
  const line = 'export const globalConfig = globalThis.__zod_globalConfig;';
  return {
    name: 'staybook:zod-jitless',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(line)) this.error('zod core changed: cannot start it jitless');
      return { code: code.replace(line, `${line}\nglobalConfig.jitless ??= true;`), map: null };
    },
  };
}

/**
 * Mantine's stylesheet per component instead of the whole `@mantine/core/styles.css`: wherever a Mantine component's
 * class map (`<Name>.module.mjs`) enters the bundle, its `@mantine/core/styles/<Name>.layer.css` comes with it, in
 * the same chunk. A screen's lazy chunk thus brings the styles of exactly the components it renders (including the
 * ones a component uses inside, like Button's Loader), and the first page's render-blocking CSS holds only what the
 * shell and that page use. The layered files keep all Mantine rules in `@layer mantine`, so their order against our
 * own CSS never depends on which chunk loaded first. The baseline, the CSS variables and the global rules are
 * imported by the app's provider. In `vite dev` the dependency is pre-bundled (this hook does not see its modules),
 * so the dev server loads the whole layered stylesheet instead.
 */
function mantineComponentStyles(): Plugin {
  const classMap = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
  let serve = false;
  return {
    name: 'staybook:mantine-component-styles',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        if (!/[\\/]src[\\/]app[\\/]provider\.tsx$/.test(id)) return null;
        return { code: `import '@mantine/core/styles.layer.css';\n${code}`, map: null };
      }
      const name = classMap.exec(id)?.[1];
      if (!name) return null;
      return { code: `import '@mantine/core/styles/${name}.layer.css';\n${code}`, map: null };
    },
  };
}

/**
 * The app's first frame in the HTML itself: the header bar with the brand, drawn by a few inline rules before any
 * script has loaded, so a phone on a slow network sees the page start at once (first contentful paint) instead of
 * a blank screen until the app's code has run. React replaces it on its first render with the real header, of the
 * same size and place (layouts.module.css `.header`, `.brand`), so nothing moves. Hidden from assistive technology:
 * it is a picture of the header, not one to use. Also the page's one inline script, EARLY_REQUEST_SCRIPT (a stay
 * page asks for its stay while the app's code loads; the API's Content-Security-Policy allows it by its hash).
 */
function appShell(): Plugin {
  // The brand icon (Tabler's building-skyscraper, as the header's Brand draws it).
  const icon =
    '<svg xmlns="http://www.w3.org/2000/svg" width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M3 21l18 0"/><path d="M5 21v-14l8 -4v18"/><path d="M19 21v-10l-6 -4"/><path d="M9 9l0 .01"/><path d="M9 12l0 .01"/><path d="M9 15l0 .01"/><path d="M9 18l0 .01"/></svg>';
  const color = (name: 'brand' | 'gray', shade: number) => theme.colors?.[name]?.[shade] ?? 'inherit';
  const style = [
    `body{margin:0;background:${color('gray', 0)};font-family:${theme.fontFamily}}`,
    `.app-shell{position:sticky;top:0;height:64px;box-sizing:border-box;background:#fff;border-bottom:1px solid ${color('gray', 2)};box-shadow:0 1px 3px rgb(15 23 42 / 4%)}`,
    '.app-shell>div{box-sizing:border-box;max-width:71.25rem;height:100%;margin:0 auto;padding:0 .75rem;display:flex;align-items:center}',
    '@media (min-width:36em){.app-shell>div{padding:0 1rem}}',
    `.app-shell span{display:inline-flex;align-items:center;gap:8px;font-weight:800;font-size:22px;letter-spacing:-.02em;line-height:1;white-space:nowrap;color:${color('brand', 7)}}`,
    '@media (max-width:36em){.app-shell span{font-size:19px}}',
  ].join('');
  return {
    name: 'staybook:app-shell',
    transformIndexHtml(html) {
      const root = '<div id="root"></div>';
      if (!html.includes(root)) throw new Error('index.html: <div id="root"></div> missing');
      const charset = '<meta charset="UTF-8" />';
      if (!html.includes(charset)) throw new Error(`index.html: ${charset} missing`);
      return (
        html
          // Right after the charset, before any stylesheet (which would hold it back): the stay is asked for at once.
          .replace(charset, `${charset}<script>${EARLY_REQUEST_SCRIPT}</script>`)
          .replace('</head>', `<style>${style}</style></head>`)
          .replace(
            root,
            `<div id="root"><div class="app-shell" aria-hidden="true"><div><span>${icon}${common.brand}</span></div></div></div>`,
          )
      );
    },
  };
}

/**
 * The app's stylesheets at the end of the body instead of in the head: a stylesheet in the head holds back the first
 * paint of the whole page until it has loaded, one at the end of the body only what follows it (nothing), so the app
 * shell above it paints as soon as the HTML has arrived. The app's module scripts still run only once the
 * stylesheets have loaded (scripts wait for the stylesheets before them), so the app never draws unstyled.
 */
function stylesAfterShell(): Plugin {
  return {
    name: 'staybook:styles-after-shell',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        if (links.length === 0) return html;
        let out = html;
        for (const link of links) out = out.replace(link, '');
        return out.replace('</body>', `${links.join('')}</body>`);
      },
    },
  };
}

/** The screens whose code the API's page server announces in their pages' HTML, by page: the web app names its files. */
const PRELOADED_SCREENS = { login: 'src/app/routes/login.tsx', stay: 'src/app/routes/stay.tsx' };

/** Writes PRELOADED_SCREENS beside the manifest (.vite/screens.json), where the page server reads them. */
function preloadedScreens(): Plugin {
  return {
    name: 'staybook:preloaded-screens',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '.vite/screens.json', source: JSON.stringify(PRELOADED_SCREENS) });
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), zodJitless(), mantineComponentStyles(), appShell(), stylesAfterShell(), preloadedScreens()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5173, proxy: { '/api': api, '/media': api } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Read by the API, with .vite/screens.json, to announce a screen's code in the page that needs it.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The libraries every page runs at start in one long-cached chunk, and the rest of what the entry runs at
        // start (shell, Mantine's base) with the entry: without these groups the start code is cut into many small
        // files and a phone on a slow network pays a round trip for each. Only what every page really runs belongs
        // here; the rest (forms, validation, dialogs, calendars, toasts) splits with the screens that use it.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 2,
            },
            {
              name: 'shell',
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
