import { plainToInstance, Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength, validateSync } from 'class-validator';

const toBoolean = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()) : value;

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

  /** Origin allowed by CORS (the Vite dev server by default; same-origin requests need no CORS). */
  @IsUrl({ require_tld: false, require_protocol: true })
  FRONTEND_ORIGIN = 'http://localhost:5173';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Load the demo catalogue when the shop has no products. */
  @Transform(toBoolean)
  @IsBoolean()
  SEED_DEMO = true;

  @IsOptional()
  @IsString()
  FRONTEND_DIST?: string;
}

export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  if (errors.length) {
    const lines = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((c) => `  - ${c}`));
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return env;
}
