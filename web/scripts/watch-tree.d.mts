// The types of watch-tree.mjs, which editing mode runs in Node without a TypeScript step.
export interface TreeWatch {
  close(): void;
  readonly directories: number;
}
export function watchTree(root: string, onChange: (path: string) => void): TreeWatch;
