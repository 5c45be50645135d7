/**
 * The few items of many that have something to report, listed in course order. The order is
 * sorted again only when the set changes, so listing costs in proportion to the items, not the course.
 */
export class ReportOrder<T extends { index: number }> {
  private readonly items = new Set<T>();
  private ordered: T[] | undefined = [];

  set(item: T, reports: boolean): void {
    if (reports === this.items.has(item)) return;
    if (reports) this.items.add(item);
    else this.items.delete(item);
    this.ordered = undefined;
  }

  clear(): void {
    this.items.clear();
    this.ordered = [];
  }

  list(): T[] {
    return (this.ordered ??= [...this.items].sort((a, b) => a.index - b.index));
  }
}
