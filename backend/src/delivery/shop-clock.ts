import { Injectable } from '@nestjs/common';

/**
 * The time delivery slots are judged at (cut-offs, what "today" is, whether a hold lapsed). The real
 * time; a test moves it (`travelTo`) instead of sleeping. It keeps running from where it was set.
 */
@Injectable()
export class ShopClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Tests: the clock reads `at` now and runs on from there (undefined: the real time again). */
  travelTo(at: Date | undefined): void {
    this.offsetMs = at ? at.getTime() - Date.now() : 0;
  }
}
