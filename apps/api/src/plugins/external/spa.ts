import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CITY_CARDS } from '@repo/shared/constants/domain';
import { API_MSG } from '@repo/shared/constants/messages';
import { GALLERY_FIRST_PHOTOS, GALLERY_SIZES, imageSrcSet, imageUrl } from '@repo/shared/domain/images';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { getStay, homeStays } from '#src/features/stays/index.ts';
import { AnswerCache } from '#src/platform/answer-cache.ts';

const STYLESHEETS = /<link rel="stylesheet"[^>]*>/g;

const STAY_PAGE = /^\/hotels\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:\?.*)?$/i;

/**
 * A stay page's first gallery photos (what a first screen shows, GALLERY_FIRST_PHOTOS) as preload links with the gallery's own srcset and
 * sizes, so the browser fetches the very variant the page will show.
 */
async function stayImageHints(app: FastifyInstance, id: string): Promise<string> {
  const s = await getStay(app.deps, id);
  const images = [...(s.hotelImage ? [s.hotelImage] : []), ...s.roomImages.filter((i) => i.key !== s.hotelImage?.key)];
  return images
    .slice(0, GALLERY_FIRST_PHOTOS)
    .map(
      (image) =>
        `<link rel="preload" as="image" href="${imageUrl(image.key, 'md')}" imagesrcset="${imageSrcSet(image.key)}" imagesizes="${GALLERY_SIZES}" fetchpriority="high">`,
    )
    .join('');
}

type ManifestChunk = z.infer<typeof ManifestChunk>;

/**
 * Module preload links for a lazy screen (its manifest key, as the web build's screens.json gives it), from the
 * build's manifest: the screen's chunk and the chunks it imports that the entry does not already load, and their
 * stylesheets. Sent in the HTML of the pages that show it, so a phone fetches the screen's code and styles alongside
 * the app's instead of after it (the app's loader takes a stylesheet already in the page as loaded: no request
 * chained after the screen's code).
 */
export function screenPreloads(manifest: Record<string, ManifestChunk>, screen: string): string {
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const i of chunk.imports ?? []) walk(i, into);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k] === entry);
  if (entryKey) walk(entryKey, loaded);
  const needed = new Set<string>();
  walk(screen, needed);
  const chunks = [...needed].filter((k) => !loaded.has(k));
  const styles = [...new Set(chunks.flatMap((k) => manifest[k]?.css ?? []))];
  return (
    chunks.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]?.file}">`).join('') +
    styles.map((file) => `<link rel="stylesheet" href="/${file}">`).join('')
  );
}

const ManifestChunk = z.object({
  file: z.string(),
  isEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
/** The build's manifest, and the screens whose code a page announces (the web build names them: screens.json). */
const BuildManifest = z.record(z.string(), ManifestChunk);
const PreloadedScreens = z.object({ login: z.string().optional(), stay: z.string().optional() });

function readBuildFile<S extends z.ZodType>(dist: string, name: string, schema: S, fallback: z.output<S>): z.output<S> {
  try {
    return schema.parse(JSON.parse(readFileSync(path.join(dist, '.vite', name), 'utf8')));
  } catch {
    return fallback;
  }
}

/** City cards in the home page's first row on a phone (its largest paint is one of their pictures). */
const FIRST_ROW_CITIES = CITY_CARDS.slice(0, 2).map((c) => c.query);

/**
 * The home page's first city pictures as preload links: the same choice the city cards make (the first featured
 * stay of the city with a picture, small variant), so a phone fetches them while the app's code loads.
 */
async function homeImageHints(app: FastifyInstance): Promise<string> {
  const featured = await homeStays(app.deps, true);
  return FIRST_ROW_CITIES.map((city) => featured.find((s) => s.city === city && s.hotelImage)?.hotelImage)
    .filter((image) => image != null)
    .map((image) => `<link rel="preload" as="image" href="${imageUrl(image.key, 'sm')}" fetchpriority="high">`)
    .join('');
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and the history
 * fallback (any GET outside /api and /media that accepts HTML gets index.html). Unknown API paths get a JSON 404.
 */
export default fp(
  async (app: FastifyInstance) => {
    const dist = app.config.webDist;
    const hasSpa = existsSync(path.join(dist, 'index.html'));
    // index.html with a page's first pictures and code announced in the head (hints kept for a few seconds: they
    // cost a query), and its screen's stylesheets at the end of the body with the app's, so that none holds back the
    // first paint (vite.config.ts, stylesAfterShell).
    let indexHtml = '';
    let stayCode = '';
    const hints = new AnswerCache<string>({ ttlMs: 10_000, max: 5000 });
    const page = (reply: FastifyReply, links: string) => {
      const styles = links.match(STYLESHEETS)?.join('') ?? '';
      const head = links.replace(STYLESHEETS, '');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml.replace('</head>', `${head}</head>`).replace('</body>', `${styles}</body>`));
    };
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, file) {
          res.header(
            'cache-control',
            file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
      const manifest = readBuildFile(dist, 'manifest.json', BuildManifest, {});
      const screens = readBuildFile(dist, 'screens.json', PreloadedScreens, {});
      stayCode = screens.stay ? screenPreloads(manifest, screens.stay) : '';
      const loginCode = screens.login ? screenPreloads(manifest, screens.login) : '';
      // The guest login page (the web app's paths.login).
      app.get('/login', { schema: { hide: true } }, async (_request, reply) => page(reply, loginCode));
      app.get('/', { schema: { hide: true } }, async (_request, reply) =>
        page(reply, await hints.get('home', () => homeImageHints(app)).catch(() => '')),
      );
    } else {
      app.log.warn({ dist }, 'web app not built: only the API is served');
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      const wantsPage =
        hasSpa &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api') &&
        !url.startsWith('/media/') &&
        !path.extname(url.split('?')[0] ?? '');
      if (wantsPage) {
        const stayId = STAY_PAGE.exec(url)?.[1];
        if (stayId) {
          const id = stayId.toLowerCase();
          return hints
            .get(`stay:${id}`, () => stayImageHints(app, id))
            .catch(() => '')
            .then((links) => page(reply, links + stayCode));
        }
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', dist);
      }
      return reply.status(404).send({ message: API_MSG.routeNotFound, code: 'NOT_FOUND' });
    });
  },
  { name: 'spa', dependencies: ['config', 'db'] },
);
