/** Every source file under `dir` (no node_modules, no .d.ts). */
export function sourceFiles(dir: string): string[];
/** The relative imports of each file, resolved to files of the set. */
export function importGraph(files: string[]): Map<string, Set<string>>;
/** The import circles under `dir`, each a sorted list of files (relative to the working directory). */
export function importCycles(dir?: string): string[][];
