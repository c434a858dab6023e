import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { OutboxDue } from './outbox.schema';

/**
 * The due markers this instance knows of and their messages not finished yet; a marker is removed
 * when its last message is sent, skipped or given up here. `shared`: one of its messages was left to
 * another instance (claimed there), which removes the marker in its turn.
 */
@Injectable()
export class OutboxMarkers {
  private readonly markers = new Map<string, { open: Set<string>; shared: boolean }>();
  private readonly markersOf = new Map<string, string[]>();

  constructor(@InjectModel(OutboxDue.name) private readonly due: Model<OutboxDue>) {}

  /** Marker `marker` stands for messages `ids` (queued here, or found by the sweep). */
  track(marker: string, ids: string[]): void {
    if (this.markers.has(marker)) return;
    this.markers.set(marker, { open: new Set(ids), shared: false });
    for (const id of ids) this.markersOf.set(id, [...(this.markersOf.get(id) ?? []), marker]);
  }

  /** The messages of `marker` not finished here, when this instance knows it. */
  open(marker: string): string[] | undefined {
    const known = this.markers.get(marker);
    return known && [...known.open];
  }

  /** Messages left to another instance (claimed there): it removes their markers. */
  leave(ids: string[]): void {
    this.settle(ids, false);
  }

  /**
   * Messages finished (sent, skipped, given up, or found finished by someone): removes the markers all of
   * whose messages are finished here (called once their outcome is written; the driver's bulkWrite, as built).
   */
  async finish(ids: string[]): Promise<void> {
    const emptied = this.settle(ids, true);
    if (emptied.length) await this.due.collection.bulkWrite(emptied.map((id) => ({ deleteOne: { filter: { _id: id } } })) as never[], { ordered: false });
  }

  /** The markers emptied by these messages being finished (`done`) or left to another instance. */
  private settle(ids: string[], done: boolean): string[] {
    const emptied: string[] = [];
    for (const id of ids) {
      for (const marker of this.markersOf.get(id) ?? []) {
        const known = this.markers.get(marker);
        if (!known) continue;
        known.open.delete(id);
        known.shared ||= !done;
        if (known.open.size) continue;
        this.markers.delete(marker);
        if (!known.shared) emptied.push(marker);
      }
      this.markersOf.delete(id);
    }
    return emptied;
  }
}
