import { Module } from '@nestjs/common';
import { CountedSweep } from './counted-sweep';

/** The sweep of everything counted, one for the app: the modules that count things register with it. */
@Module({ providers: [CountedSweep], exports: [CountedSweep] })
export class CountedModule {}
