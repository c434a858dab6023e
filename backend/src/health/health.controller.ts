import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ApiTags } from '@nestjs/swagger';
import type { Connection } from 'mongoose';
import { DatabaseEngine } from '../database/database-engine';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly engine: DatabaseEngine,
  ) {}

  /** Liveness and database reachability, for load balancers and operators. */
  @Get()
  async check() {
    const started = Date.now();
    try {
      await this.connection.db!.admin().ping();
    } catch {
      throw new ServiceUnavailableException('Database unavailable');
    }
    return {
      success: true,
      status: 'ok',
      uptimeSeconds: Math.round(process.uptime()),
      database: {
        status: 'up',
        name: this.connection.name,
        engine: this.engine.info.name,
        engineVersion: this.engine.info.version,
        latencyMs: Date.now() - started,
      },
    };
  }
}
