// Tokenizes .sbn files with the VS Code extension's TextMate grammar, using
// VS Code's own tokenizer (vscode-textmate on vscode-oniguruma), after
// compiling every regex of the grammar on its own. Prints JSON to stdout:
// { regexes: N, files: { path: [ [ [start, end, [scopes...]], ... ] per line ] } }
// with columns in UTF-16 code units. tests/editor.rs runs it and checks the
// scopes against senlac's parser.
//
// usage: node grammar.mjs GRAMMAR.json FILE.sbn...
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import oniguruma from 'vscode-oniguruma';
import textmate from 'vscode-textmate';

const require = createRequire(import.meta.url);
const [grammarPath, ...files] = process.argv.slice(2);
const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
const onigLib = Promise.resolve({
  createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
  createOnigString: (text) => new oniguruma.OnigString(text),
});

const source = JSON.parse(readFileSync(grammarPath, 'utf8'));

// Every regex compiles with Oniguruma, whether or not a sample reaches it.
let regexes = 0;
(function walk(node) {
  if (Array.isArray(node)) return node.forEach(walk);
  if (node === null || typeof node !== 'object') return;
  for (const key of ['match', 'begin', 'end']) {
    if (typeof node[key] === 'string') {
      try {
        new oniguruma.OnigScanner([node[key]]).dispose();
      } catch (error) {
        throw new Error(`the grammar's ${key} ${JSON.stringify(node[key])} does not compile: ${error}`);
      }
      regexes += 1;
    }
  }
  Object.values(node).forEach(walk);
})(source);

const registry = new textmate.Registry({
  onigLib,
  loadGrammar: async (scope) => (scope === source.scopeName
    ? textmate.parseRawGrammar(JSON.stringify(source), grammarPath)
    : null),
});
const grammar = await registry.loadGrammar(source.scopeName);

const out = { regexes, files: {} };
for (const file of files) {
  let stack = textmate.INITIAL;
  const lines = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const result = grammar.tokenizeLine(line, stack);
    lines.push(result.tokens.map((t) => [t.startIndex, Math.min(t.endIndex, line.length), t.scopes]));
    stack = result.ruleStack;
  }
  out.files[file] = lines;
}
process.stdout.write(JSON.stringify(out));
