// A uniform grid of bounding boxes: which items might touch a box, without testing every pair.
// A level holds hundreds of units and thousands of edges, and the overlap and opening checks
// ask this question for each of them; with the grid the validation of a venue stays linear.
import type { Box } from './geometry';

export class BoxGrid<T> {
  private readonly cells = new Map<number, number[]>();
  private readonly items: { item: T; box: Box }[] = [];
  private readonly seen: number[] = [];
  private visit = 0;
  private readonly columns: number;

  constructor(
    private readonly bounds: Box,
    private readonly cellSize: number,
  ) {
    this.columns = Math.max(1, Math.ceil((bounds[2] - bounds[0]) / cellSize) + 1);
  }

  private column(x: number): number {
    return Math.max(
      0,
      Math.min(this.columns - 1, Math.floor((x - this.bounds[0]) / this.cellSize)),
    );
  }

  private row(y: number): number {
    return Math.max(0, Math.floor((y - this.bounds[1]) / this.cellSize));
  }

  insert(box: Box, item: T): void {
    const index = this.items.push({ item, box }) - 1;
    this.seen.push(0);
    for (let row = this.row(box[1]); row <= this.row(box[3]); row++) {
      for (let column = this.column(box[0]); column <= this.column(box[2]); column++) {
        const key = row * this.columns + column;
        const cell = this.cells.get(key);
        if (cell) cell.push(index);
        else this.cells.set(key, [index]);
      }
    }
  }

  /** Every item whose box touches `box` (edges included), each once. */
  query(box: Box): T[] {
    const found: T[] = [];
    const visit = ++this.visit;
    for (let row = this.row(box[1]); row <= this.row(box[3]); row++) {
      for (let column = this.column(box[0]); column <= this.column(box[2]); column++) {
        for (const index of this.cells.get(row * this.columns + column) ?? []) {
          if (this.seen[index] === visit) continue;
          this.seen[index] = visit;
          const entry = this.items[index]!;
          if (
            entry.box[0] <= box[2] &&
            box[0] <= entry.box[2] &&
            entry.box[1] <= box[3] &&
            box[1] <= entry.box[3]
          ) {
            found.push(entry.item);
          }
        }
      }
    }
    return found;
  }
}
