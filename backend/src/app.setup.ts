import { existsSync, readFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import type { Express, NextFunction, Request, Response } from 'express';
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ValidationPipe, type INestApplication, type NestApplicationOptions, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { ShopSocketAdapter } from './chat/socket-io.adapter';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { LARGEST_JSON_BODY_BYTES } from './config/input-limits';
import { REPO_ROOT } from './database/embedded-database';
import { SafeInputPipe } from './common/pipes/safe-input.pipe';
import { validationFailed } from './common/validation/validation-errors';
import { refuseForeignOrigins } from './common/security/same-origin';
import { RAZORPAY_WEBHOOK_PATH } from './payments/payments.controller';
import { Catalogue } from './products/catalogue';
import { firstViewHints, type FirstViews } from './products/first-view-hints';
import { defaultMaxConnections, limitConnections } from './common/http/connection-limits';
import { allowedOrigins, servesHttps, type Environment } from './config/environment';

/**
 * Options every GreenCart app is created with. `rawBody` keeps the exact request bytes next to the
 * parsed JSON (`req.rawBody`), which a webhook's signature is computed over.
 */
export const APP_OPTIONS: NestApplicationOptions = { rawBody: true, bufferLogs: true };

/** Something that can create the app: Nest's factory for the real module, or a compiled TestingModule. */
interface AppCreator {
  createNestApplication<T extends INestApplication>(options?: NestApplicationOptions): T;
}

/**
 * The one app set-up, used by main.ts, the e2e suites and (through main.ts) the browser suite:
 * created with APP_OPTIONS, then configured by configureApp.
 */
export async function createApp(from: Type<unknown> | AppCreator, options: NestApplicationOptions = {}): Promise<NestExpressApplication> {
  const merged = { ...APP_OPTIONS, ...options };
  const app =
    'createNestApplication' in from
      ? from.createNestApplication<NestExpressApplication>(merged)
      : await NestFactory.create<NestExpressApplication>(from, merged);
  return configureApp(app);
}

/**
 * Requests Node's HTTP parser refuses before Express sees them (headers over 16 KB, a broken
 * request line) get a JSON answer in the API's shape instead of a bare status line.
 */
function answerMalformedRequestsInJson(app: NestExpressApplication) {
  const server = app.getHttpServer() as Server;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (error as { code?: string }).code === 'ECONNRESET') return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    // HTTP_HEADERS_TIMEOUT_MS or HTTP_REQUEST_TIMEOUT_MS passed before the request had arrived.
    const tooSlow = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = tooLarge ? 431 : tooSlow ? 408 : 400;
    const message = tooLarge ? 'The request headers or address are too long' : tooSlow ? 'The request took too long to arrive' : 'Malformed request';
    const body = JSON.stringify({ success: false, message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    // Closed once the answer is out, without waiting for the client to close its side.
    (socket as Socket).destroySoon();
  });
}

/**
 * The built storefront on the API's port (when it has been built): files from dist/, and
 * index.html for any other GET outside /api and /socket.io (the app's own routes). Served here
 * rather than by @nestjs/serve-static, whose error handler turned the body parser's 400/413/415
 * for /api into 404s.
 */
function serveStorefront(app: NestExpressApplication, dist: string) {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return;
  const assets = join(dist, 'assets');
  // The build also writes each asset brotli-compressed (`<file>.br`): a browser that accepts br gets
  // those bytes, about a fifth fewer than compressing on the fly with gzip.
  app.use('/assets', (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/\bbr\b/.test(req.get('Accept-Encoding') ?? '')) return next();
    const file = join(assets, req.path);
    if (!file.startsWith(assets + sep) || !existsSync(`${file}.br`)) return next();
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Encoding', 'br');
    res.vary('Accept-Encoding');
    res.type(extname(file));
    res.sendFile(`${file}.br`);
  });
  app.useStaticAssets(dist, {
    index: false,
    // Vite fingerprints everything under assets/; anything else must be revalidated, the service worker
    // (sw.js) and the web app manifest included, so a new version is found at the browser's next check.
    setHeaders: (res, path) => {
      res.setHeader('Cache-Control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (path.endsWith('.webmanifest')) res.setHeader('Content-Type', 'application/manifest+json; charset=utf-8');
    },
  });
  // index.html as built, read once; the first page's preload hints go at the end of its head.
  let page: string | undefined;
  let views: FirstViews | undefined;
  const catalogue = app.get(Catalogue);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || /^\/(api|socket\.io)(\/|$)/.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    page ??= readFileSync(index, 'utf8');
    views ??= readFirstViews(dist);
    const html = page;
    firstViewHints(catalogue, views, req.path, req.query).then(
      (hints) => res.type('html').send(hints ? html.replace('</head>', `${hints}</head>`) : html),
      next,
    );
  });
}

/** The build's list of each page's scripts, or none (an older or a test build without it). */
function readFirstViews(dist: string): FirstViews {
  try {
    return JSON.parse(readFileSync(join(dist, '.vite', 'first-views.json'), 'utf8')) as FirstViews;
  } catch {
    return {};
  }
}

/** TRUST_PROXY as Express wants it: true/false, a hop count, or a list of addresses / names (loopback, uniquelocal...). */
export function trustProxySetting(value: string): boolean | number | string {
  const text = value.trim().toLowerCase();
  if (['', 'false', 'no', 'off', '0'].includes(text)) return false;
  if (['true', 'yes', 'on'].includes(text)) return true;
  if (/^\d+$/.test(text)) return Number(text);
  return value;
}

/** An idle keep-alive connection is closed after this (Node's default; a proxy in front keeps its own pool). */
export const KEEP_ALIVE_MS = 5_000;

/** Everything every app gets: prefix, security headers, parsing, validation, errors, OpenAPI. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  app.setGlobalPrefix('api');
  // Razorpay's checkout.js (or the stand-in RAZORPAY_CHECKOUT_URL points at) may run, frame and call home.
  const checkoutOrigin = new URL(config.get('RAZORPAY_CHECKOUT_URL', { infer: true })).origin;
  const razorpay = [...new Set([checkoutOrigin, 'https://checkout.razorpay.com', 'https://api.razorpay.com'])];
  app.set('trust proxy', trustProxySetting(config.get('TRUST_PROXY', { infer: true })));
  // Express's own "X-Powered-By: Express" says what runs here (helmet removes it too, but not from answers given before it).
  app.disable('x-powered-by');
  const trusted = (app.getHttpAdapter().getInstance() as Express).get('trust proxy fn') as (address: string, hop: number) => boolean;
  // First: a connection over MAX_CONNECTIONS gets nothing but the health probe.
  app.use(
    limitConnections(app.getHttpServer() as Server, {
      perAddress: config.get('CONNECTIONS_PER_ADDRESS', { infer: true }),
      total: config.get('MAX_CONNECTIONS', { infer: true }) ?? defaultMaxConnections(),
      idleMs: config.get('HTTP_IDLE_TIMEOUT_MS', { infer: true }),
      headersMs: config.get('HTTP_HEADERS_TIMEOUT_MS', { infer: true }),
      requestMs: config.get('HTTP_REQUEST_TIMEOUT_MS', { infer: true }),
      keepAliveMs: KEEP_ALIVE_MS,
      // Behind a trusted reverse proxy every connection comes from it: the proxy limits its clients.
      isProxy: (address) => trusted(address, 0),
    }),
  );
  // Over plain http the browser must not be told to upgrade every asset to https (a blank shop).
  const https = servesHttps({ PUBLIC_URL: config.get('PUBLIC_URL', { infer: true }), NODE_ENV: config.get('NODE_ENV', { infer: true }) });
  app.use(
    helmet({
      strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
      // Browsers ignore it on an http origin that is not this machine, and say so as an error on every page.
      crossOriginOpenerPolicy: https,
      contentSecurityPolicy: {
        directives: {
          'upgrade-insecure-requests': https ? [] : null,
          'img-src': ["'self'", 'data:', 'blob:'],
          'script-src': ["'self'", ...razorpay],
          'frame-src': ["'self'", ...razorpay],
          'connect-src': ["'self'", 'ws:', 'wss:', ...razorpay, 'https://lumberjack.razorpay.com'],
        },
      },
    }),
  );
  app.use(compression());
  app.use(
    refuseForeignOrigins(
      allowedOrigins({ FRONTEND_ORIGIN: config.get('FRONTEND_ORIGIN', { infer: true }) }),
      [`/api/${RAZORPAY_WEBHOOK_PATH}`],
      ['/api/logout', '/api/sellerLogout'],
    ),
  );
  app.use(cookieParser());
  const corsOrigins = allowedOrigins({ FRONTEND_ORIGIN: config.get('FRONTEND_ORIGIN', { infer: true }) });
  // An origin not allowed gets no CORS header at all (not even Allow-Credentials).
  app.enableCors({ origin: (origin, done) => done(null, origin !== undefined && corsOrigins.includes(origin)), credentials: true });
  app.useGlobalPipes(
    new SafeInputPipe(),
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: true, exceptionFactory: validationFailed }),
  );
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useWebSocketAdapter(new ShopSocketAdapter(app));
  answerMalformedRequestsInJson(app);
  // JSON bodies up to the largest the API takes (the delivery settings with every area allowed), not body-parser's 100 KB.
  app.useBodyParser('json', { limit: LARGEST_JSON_BODY_BYTES });
  serveStorefront(app, process.env.FRONTEND_DIST ?? join(REPO_ROOT, 'frontend', 'dist'));

  if (config.get('API_DOCS', { infer: true })) {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder().setTitle('GreenCart API').setDescription('Online grocery and snacks store').setVersion('1.0').addCookieAuth('token').build(),
    );
    SwaggerModule.setup('api/docs', app, document);
  }
  return app;
}
