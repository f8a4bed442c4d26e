declare module 'wink-bm25-text-search' {
  interface WinkBm25Engine {
    defineConfig(config: { fldWeights: Record<string, number> }): boolean;
    definePrepTasks(tasks: ((text: string) => unknown)[]): number;
    addDoc(document: Record<string, string>, id: string): number;
    consolidate(): boolean;
    search(text: string, limit?: number): [string, number][];
  }
  export default function bm25(): WinkBm25Engine;
}
