#!/usr/bin/env node
// Counts the type casts of production code (apps/api/src, apps/web/src, packages/shared/src; no *.test.* file and no
// test/ or testing/ folder), with the TypeScript compiler's parser: `x as T` and `<T>x` are casts, `as unknown as T`
// is one cast (counted apart too), `as const`, `satisfies` and the non-null `!` are not. A raw SQL row typed by hand
// (`selectRows<Row>(…)`, `namedStatement<Row>(…)`: nothing checks the row is that shape) counts as a cast too;
// `selectRows<unknown>` parsed with zod does not.
// It also checks two fences: a transaction is opened with inTransaction (apps/api/src/db/client.ts: it tries again
// on a deadlock or a serialization failure), never with `db.transaction(…)` (a savepoint, `tx.transaction`, is fine);
// and in an API feature only its repositories (*.repository.ts) touch the schema or SQL (a value imported from
// drizzle-orm or the schema; types may be named anywhere).
//   node scripts/count-casts.mjs            the totals and the casts per file
//   node scripts/count-casts.mjs --list     every cast with its line
//   node scripts/count-casts.mjs --check    fails when there are more than LIMIT (or any `as unknown as`, or a fence
//                                           broken); --max=N checks against N instead
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const folders = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];
const list = process.argv.includes('--list');
/** The casts production code has today: the limit only goes down (npm run lint and npm test check it). */
const LIMIT = 106;
const max =
  process.argv.find((a) => a.startsWith('--max='))?.slice('--max='.length) ??
  (process.argv.includes('--check') ? String(LIMIT) : undefined);

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['test', 'testing', 'node_modules', 'migrations'].includes(entry.name)) yield* sources(file);
    } else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      yield file;
    }
  }
}

const isConst = (type) => ts.isTypeReferenceNode(type) && type.typeName.getText() === 'const';
const isUnknown = (type) => type.kind === ts.SyntaxKind.UnknownKeyword;

/** Functions whose type argument names the shape of raw SQL rows nothing checks. */
const HAND_TYPED_ROWS = new Set(['selectRows', 'namedStatement']);
const TRANSACTION_HOME = 'apps/api/src/db/client.ts';

/** What only a feature's repositories import values of. */
const SQL_MODULES = new Set(['drizzle-orm', '#src/db/schema/index.ts']);
const isRepository = (file) => !file.startsWith('apps/api/src/features/') || file.endsWith('.repository.ts');

const casts = [];
const rawTransactions = [];
const sqlOutsideRepositories = [];
for (const folder of folders) {
  for (const file of sources(path.join(root, folder))) {
    const text = readFileSync(file, 'utf8');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const visit = (node) => {
      if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConst(node.type)) {
        const inner = ts.skipPartiallyEmittedExpressions(node.expression);
        const innerIsUnknownCast = (ts.isAsExpression(inner) || ts.isTypeAssertionExpression(inner)) && isUnknown(inner.type);
        // `x as unknown as T`: the outer cast is the one counted, the inner `as unknown` is its first half.
        const parent = node.parent;
        const isFirstHalf = isUnknown(node.type) && parent && (ts.isAsExpression(parent) || ts.isTypeAssertionExpression(parent));
        if (!isFirstHalf) {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
          casts.push({
            file: path.relative(root, file),
            line: line + 1,
            viaUnknown: innerIsUnknownCast,
            text: node.getText(sf).replace(/\s+/g, ' ').slice(0, 100),
          });
        }
      }
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const from = node.moduleSpecifier.text;
        const clause = node.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
        const values =
          clause &&
          !clause.isTypeOnly &&
          (clause.name || named.some((e) => !e.isTypeOnly) || (clause.namedBindings && !ts.isNamedImports(clause.namedBindings)));
        if (SQL_MODULES.has(from) && values && !isRepository(path.relative(root, file))) {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
          sqlOutsideRepositories.push(`${path.relative(root, file)}:${line + 1}  ${from}`);
        }
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : undefined;
        const typeArg = node.typeArguments?.[0];
        if (name && HAND_TYPED_ROWS.has(name) && typeArg && !isUnknown(typeArg)) {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
          casts.push({
            file: path.relative(root, file),
            line: line + 1,
            viaUnknown: false,
            text: `${name}<${typeArg.getText(sf).replace(/\s+/g, ' ').slice(0, 80)}>(…)`,
          });
        }
        if (
          ts.isPropertyAccessExpression(callee) &&
          callee.name.text === 'transaction' &&
          callee.expression.getText(sf) !== 'tx' &&
          path.relative(root, file) !== TRANSACTION_HOME
        ) {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
          rawTransactions.push(`${path.relative(root, file)}:${line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
}

const viaUnknown = casts.filter((c) => c.viaUnknown).length;
if (list) {
  for (const c of casts) console.log(`${c.file}:${c.line}  ${c.viaUnknown ? '[as unknown as] ' : ''}${c.text}`);
} else {
  const perFile = new Map();
  for (const c of casts) perFile.set(c.file, (perFile.get(c.file) ?? 0) + 1);
  for (const [file, n] of [...perFile].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    console.log(`${String(n).padStart(4)}  ${file}`);
  }
}
console.log(`\n${casts.length} casts in production code, ${viaUnknown} of them \`as unknown as\``);
for (const at of rawTransactions) console.log(`${at}  a transaction opened without inTransaction (${TRANSACTION_HOME})`);
for (const at of sqlOutsideRepositories) console.log(`${at}  SQL or the schema outside a repository (*.repository.ts)`);
const fenced = rawTransactions.length + sqlOutsideRepositories.length;
if (max !== undefined && (casts.length > Number(max) || viaUnknown > 0 || fenced > 0)) process.exit(1);
