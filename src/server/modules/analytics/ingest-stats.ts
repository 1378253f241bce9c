/**
 * Counters of what telemetry ingestion accepted and refused, per route and status, since the
 * process started. "Bad hits are counted and dropped": this is where they are counted, and the
 * owner's ingestion report reads it. In memory on purpose: counting a refusal must cost nothing.
 */

export interface IngestCounts {
  readonly accepted: Record<string, number>;
  readonly rejected: Record<string, Record<string, number>>;
}

export class IngestStats {
  private readonly accepted = new Map<string, number>();
  private readonly rejected = new Map<string, Map<number, number>>();

  accept(route: string, rows = 1): void {
    this.accepted.set(route, (this.accepted.get(route) ?? 0) + rows);
  }

  reject(route: string, status: number): void {
    let byStatus = this.rejected.get(route);
    if (!byStatus) {
      byStatus = new Map();
      this.rejected.set(route, byStatus);
    }
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  snapshot(): IngestCounts {
    return {
      accepted: Object.fromEntries(this.accepted),
      rejected: Object.fromEntries(
        [...this.rejected].map(([route, byStatus]) => [route, Object.fromEntries(byStatus)]),
      ),
    };
  }
}
