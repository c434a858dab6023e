import { Global, Module } from '@nestjs/common';
import { ClusterBus } from './cluster-bus';

/** The messages between instances (Redis pub/sub when REDIS_URL is set) that keep in-memory read models current. */
@Global()
@Module({ providers: [ClusterBus], exports: [ClusterBus] })
export class ClusterModule {}
