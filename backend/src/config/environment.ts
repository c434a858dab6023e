import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsInt, IsNotIn, IsOptional, IsString, IsTimeZone, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';

/** Strict: true/false, 1/0, yes/no, on/off; anything else stays as typed and is refused by @IsBoolean. */
const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  return value;
};

/** An empty or blank setting counts as not set. */
const blankAsUnset = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() || undefined : value);

/** Values earlier versions shipped as defaults: public, so never accepted as secrets. */
const PUBLIC_SECRETS = ['greencart-development-secret-not-for-production', 'greencart-seller'];

/** Not a secret: the seller's sign-in name when SELLER_EMAIL is not set (outside production). */
export const DEFAULT_SELLER_EMAIL = 'seller@greencart.local';

/** Every setting of the backend, read once from the environment at start-up. */
export class Environment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** Full connection string including the database name. main.ts fills it from the embedded server when unset. */
  @IsString()
  @MinLength(10)
  MONGODB_URI: string;

  /**
   * The address people open the shop at (scheme, host, port). Cookie `Secure`, the security headers
   * that force https, the Google callback and the allowed origin follow from it. Unset: http://localhost
   * in development; in production https is assumed (set it to http://… to run without TLS).
   */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'PUBLIC_URL must be an http:// or https:// address' })
  PUBLIC_URL?: string;

  /**
   * Another origin allowed to call the API with the shopper's cookies (CORS, sockets, cross-site checks).
   * Unset: PUBLIC_URL's origin when given; in development the Vite dev server (http://localhost:5173);
   * otherwise none (same-origin requests need no CORS).
   */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'FRONTEND_ORIGIN must be an http:// or https:// origin' })
  FRONTEND_ORIGIN?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Load the demo catalogue when the shop has no products. */
  @Transform(toBoolean)
  @IsBoolean({ message: 'SEED_DEMO must be true or false' })
  SEED_DEMO = true;

  /** OpenAPI documentation at /api/docs: on in development, off in production unless asked for. */
  @Transform(toBoolean)
  @IsBoolean({ message: 'API_DOCS must be true or false' })
  API_DOCS = true;

  @IsOptional()
  @IsString()
  FRONTEND_DIST?: string;

  /** Redis for state shared by every instance (rate-limit counters). Unset: kept in this process. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['redis', 'rediss'], require_protocol: true })
  REDIS_URL?: string;

  @IsString()
  REDIS_KEY_PREFIX = 'greencart:';

  /**
   * Express `trust proxy`: which proxies' X-Forwarded-For to believe (rate limits key on the client
   * IP). Off by default: nothing in front of the app is trusted unless said so (compose sets its proxy).
   */
  @IsString()
  TRUST_PROXY = 'false';

  /**
   * Signs session cookies. Required; outside production main.ts generates a random one on first
   * start and keeps it in the data folder (config/local-secrets.ts).
   */
  @IsString({ message: 'JWT_SECRET is not set' })
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  @IsNotIn(PUBLIC_SECRETS, { message: 'JWT_SECRET is a value published in GreenCart’s code; choose your own' })
  JWT_SECRET: string;

  /** Secure flag on session cookies; on by default in production. */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'COOKIE_SECURE must be true or false' })
  COOKIE_SECURE?: boolean;

  /** The one seller (shop owner) account. Outside production an unset password is generated like JWT_SECRET. */
  @IsEmail({}, { message: 'SELLER_EMAIL must be an email address' })
  SELLER_EMAIL = DEFAULT_SELLER_EMAIL;

  @IsString({ message: 'SELLER_PASSWORD is not set' })
  @MinLength(12, { message: 'SELLER_PASSWORD must be at least 12 characters' })
  @IsNotIn(PUBLIC_SECRETS, { message: 'SELLER_PASSWORD is a value published in GreenCart’s code; choose your own' })
  SELLER_PASSWORD: string;

  /** Google sign-in is enabled when both the client id and secret are set. */
  @IsOptional()
  @IsString()
  GOOGLE_CLIENT_ID?: string;

  @IsOptional()
  @IsString()
  GOOGLE_CLIENT_SECRET?: string;

  @IsUrl({ require_tld: false, require_protocol: true })
  GOOGLE_CALLBACK_URL = 'http://localhost:3000/api/auth/google/callback';

  /** Google's OAuth 2.0 endpoints; tests point them at a local server. */
  @IsUrl({ require_tld: false, require_protocol: true })
  GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

  @IsUrl({ require_tld: false, require_protocol: true })
  GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

  @IsUrl({ require_tld: false, require_protocol: true })
  GOOGLE_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo';

  /** Razorpay (online payment). Online payment is offered only when the key id and secret are both set. */
  @IsOptional()
  @IsString()
  RAZORPAY_KEY_ID?: string;

  @IsOptional()
  @IsString()
  RAZORPAY_KEY_SECRET?: string;

  /** Signs Razorpay's webhook calls (set in the Razorpay dashboard); without it the webhook answers 503. */
  @IsOptional()
  @IsString()
  RAZORPAY_WEBHOOK_SECRET?: string;

  /** Razorpay's API base; tests point it at a local server speaking the same protocol. */
  @IsUrl({ require_tld: false, require_protocol: true })
  RAZORPAY_API_URL = 'https://api.razorpay.com';

  /** Where the storefront loads checkout.js from; browser tests point it at a local stand-in. */
  @IsUrl({ require_tld: false, require_protocol: true })
  RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

  /** How long Razorpay may take to answer before the shopper is told it is unavailable. */
  @Type(() => Number)
  @IsInt()
  @Min(500)
  RAZORPAY_TIMEOUT_MS = 8_000;

  /** A checkout not paid within this time expires (a payment captured within PAID_CHECKOUT_GRACE_SECONDS after still becomes an order). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  CHECKOUT_EXPIRY_SECONDS = 30 * 60;

  /**
   * How long after a checkout closed a payment may still become its order; then the sweep refunds a payment
   * that reached it and never completed (no browser success, no webhook).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  PAID_CHECKOUT_GRACE_SECONDS = 15 * 60;

  /** The shop's name and contact, shown in Razorpay's checkout. */
  @IsString()
  SHOP_NAME = 'GreenCart';

  @IsEmail()
  SHOP_EMAIL = 'support@greencart.local';

  @IsString()
  SHOP_PHONE = '+91 98765 43210';

  /** The shop's time zone (IANA name): opening hours, and the seller's days (stats, CSV, invoice dates) begin at its midnight. */
  @IsTimeZone({ message: 'SHOP_TIMEZONE must be an IANA time zone such as Asia/Kolkata' })
  SHOP_TIMEZONE = 'Asia/Kolkata';

  /** Requests per IP per window, on every route. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  THROTTLE_LIMIT = 600;

  @Type(() => Number)
  @IsInt()
  @Min(1000)
  THROTTLE_TTL_MS = 60_000;

  /** Sign-in attempts per IP and email per window (shopper and seller login). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_THROTTLE_LIMIT = 5;

  @Type(() => Number)
  @IsInt()
  @Min(1000)
  LOGIN_THROTTLE_TTL_MS = 60_000;

  /** Sign-in attempts per account from any address, per window. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_ACCOUNT_THROTTLE_LIMIT = 20;

  @Type(() => Number)
  @IsInt()
  @Min(1000)
  LOGIN_ACCOUNT_THROTTLE_TTL_MS = 15 * 60_000;

  /** Sign-in attempts per address across all accounts, per window. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_ADDRESS_THROTTLE_LIMIT = 30;

  @Type(() => Number)
  @IsInt()
  @Min(1000)
  LOGIN_ADDRESS_THROTTLE_TTL_MS = 15 * 60_000;

  /** New accounts per address, per window. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  REGISTER_THROTTLE_LIMIT = 10;

  @Type(() => Number)
  @IsInt()
  @Min(1000)
  REGISTER_THROTTLE_TTL_MS = 60 * 60_000;

  /**
   * How long an open socket's session check holds before a message it sends checks it again in the
   * database (a logout reaches sockets at once anyway; this bounds a notice that went missing). 0 checks every message.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1000)
  SOCKET_SESSION_CHECK_MS = 1000;

  /**
   * Outgoing mail (order mails, password resets): `smtp://user:pass@host:587` (STARTTLS when offered)
   * or `smtps://user:pass@host:465`. Unset: no mail is sent, and start-up and /api/health say so.
   */
  @IsOptional()
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] },
    { message: 'SMTP_URL must be an smtp:// or smtps:// address, e.g. smtp://user:pass@mail.example.com:587' },
  )
  SMTP_URL?: string;

  /** The From of every mail, e.g. `GreenCart <orders@your-shop.in>`. Unset: SHOP_NAME <SHOP_EMAIL>. */
  @IsOptional()
  @IsString()
  @Matches(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, { message: 'MAIL_FROM must be an address, or a name and <address>' })
  MAIL_FROM?: string;

  /** Where the seller's mails (new orders, refunds of sold-out payments) go. Unset: SELLER_EMAIL. */
  @IsOptional()
  @IsEmail({}, { message: 'SELLER_NOTIFY_EMAIL must be an email address' })
  SELLER_NOTIFY_EMAIL?: string;

  /** First wait before a message that failed is tried again; it doubles each time, up to an hour. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  OUTBOX_RETRY_MS = 30_000;

  /** A message still failing this long after it was queued gives up (shown to the seller, who can send it again). */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  OUTBOX_GIVE_UP_MS = 24 * 60 * 60_000;

  /**
   * How long a new message waits for others to be sent with it: one claim, one batch of sends and one
   * write of outcomes for everything queued meanwhile, instead of a round of writes per order (busy
   * moments). 0 sends at once.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  OUTBOX_GATHER_MS = 250;

  /** How often each instance looks for messages no instance is working on (one that stopped, a restart). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  OUTBOX_SWEEP_MS = 60_000;

  /** Cash-on-delivery orders one shopper may place per hour (beyond: 409 with what to do). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  COD_ORDERS_PER_HOUR = 10;

  /** Online checkouts one shopper may have open at once (the same order again reuses its open checkout). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  OPEN_CHECKOUTS_PER_SHOPPER = 3;

  /** Open connections one client address may hold at once (a trusted proxy's are not counted); beyond: 503. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  CONNECTIONS_PER_ADDRESS = 128;

  /**
   * Open connections this process holds at most, from any address; beyond: 503 and closed (the health
   * probe is still answered). Unset: 80 % of the soft open-file limit (`ulimit -n`).
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'MAX_CONNECTIONS must be a whole number' })
  @Min(1)
  MAX_CONNECTIONS?: number;

  /** A connection that sends nothing within this is closed; request headers must arrive within HTTP_HEADERS_TIMEOUT_MS. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  HTTP_IDLE_TIMEOUT_MS = 10_000;

  @Type(() => Number)
  @IsInt()
  @Min(100)
  HTTP_HEADERS_TIMEOUT_MS = 10_000;

  /** The whole of one request (an image upload on a slow phone included). */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  HTTP_REQUEST_TIMEOUT_MS = 60_000;

  /** Chat sockets open at once per account (per instance), and per client address. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  SOCKETS_PER_ACCOUNT = 20;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  SOCKETS_PER_ADDRESS = 50;

  /** Saved addresses one shopper may keep (a new one beyond is refused with 400). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  ADDRESS_BOOK_LIMIT = 50;

  /**
   * Web push (VAPID, RFC 8292): the key pair the shop signs pushes with, base64url as `web-push
   * generate-vapid-keys` prints them. Outside production they are generated on first start and kept with
   * the other local secrets; in production, unset means push is off (start-up and /api/push/key say so).
   */
  @Transform(blankAsUnset)
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{86,88}={0,2}$/, { message: 'VAPID_PUBLIC_KEY must be the base64url public key (65 bytes) that web-push generate-vapid-keys prints' })
  VAPID_PUBLIC_KEY?: string;

  @Transform(blankAsUnset)
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{42,44}={0,2}$/, {
    message: 'VAPID_PRIVATE_KEY must be the base64url private key (32 bytes) that web-push generate-vapid-keys prints',
  })
  VAPID_PRIVATE_KEY?: string;

  /** Who push services may contact about the shop's pushes: `mailto:` or an https URL. Unset: mailto:SHOP_EMAIL. */
  @Transform(blankAsUnset)
  @IsOptional()
  @Matches(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { message: 'VAPID_SUBJECT must be a mailto: address or an https:// URL' })
  VAPID_SUBJECT?: string;

  /** Push services besides the browsers' own (FCM, Mozilla, Apple, Windows): comma-separated host names, `*.` for subdomains. */
  @Transform(blankAsUnset)
  @IsOptional()
  @Matches(/^\s*(\*\.)?([a-z0-9-]+\.)*[a-z][a-z0-9-]*\s*(,\s*(\*\.)?([a-z0-9-]+\.)*[a-z][a-z0-9-]*\s*)*$/i, {
    message: 'PUSH_ALLOWED_HOSTS must be host names separated by commas (a leading *. allows subdomains), not addresses',
  })
  PUSH_ALLOWED_HOSTS?: string;

  /**
   * Tests only (refused in production): passwords hashed with argon2id at its smallest cost instead of
   * the real one (64 MiB, 3 passes), so suites that sign up and in thousands of times do not spend their time there.
   */
  @Transform(toBoolean)
  @IsBoolean()
  FAST_PASSWORD_HASHES = false;

  /** Tests only (refused in production): origins taken as push services although http or on this machine, e.g. http://127.0.0.1:4100. */
  @Transform(blankAsUnset)
  @IsOptional()
  @Matches(/^\s*https?:\/\/[^\s,/]+\s*(,\s*https?:\/\/[^\s,/]+\s*)*$/, {
    message: 'PUSH_INSECURE_TEST_ORIGINS must be origins (http://host:port) separated by commas',
  })
  PUSH_INSECURE_TEST_ORIGINS?: string;

  /** The shop's postal address printed on tax invoices (lines separated by commas or "\n"). */
  @Transform(blankAsUnset)
  @IsOptional()
  @IsString()
  SHOP_ADDRESS?: string;

  /** The shop's GST registration number printed on tax invoices (15 characters, e.g. 29ABCDE1234F1Z5). */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value))
  @IsOptional()
  @Matches(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, { message: 'SHOP_GSTIN must be a 15-character GSTIN such as 29ABCDE1234F1Z5' })
  SHOP_GSTIN?: string;
}

// What is configured, derived from settings (kept beside them so their importers need one path).
export {
  allowedOrigins,
  DEV_FRONTEND_ORIGIN,
  generateVapidKeys,
  isGoogleEnabled,
  mailProblem,
  onlinePaymentProblem,
  pushProblem,
  servesHttps,
} from './configured';
