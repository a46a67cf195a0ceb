// jq-web ships no types: what src/output/jq.ts uses of it. Its module is a promise of the instantiated
// engine; raw() is `echo INPUT | jq FLAGS FILTER`, its standard output without the last newline.
// The bundle hands it out as { engine } (scripts/bundle.ts: a promise would make the namespace thenable).
declare module 'jq-web' {
  type Engine = Promise<{ raw(input: string, filter: string, flags?: string[]): string | undefined }>;
  const exported: Engine | { engine: Engine };
  export default exported;
}
